#!/usr/bin/env python3
"""Resource report of a board top (make BOARD=<board> synth-report; part of
make bench, not of make test): Yosys synthesis of the board's top module
with its vendor shell as a black box, for the board's FPGA family, and the
used resources against the part's capacity.

Usage: bench/board_synth.py [--report-only] YOSYS_BUNDLE WORKDIR FAMILY TOP PART CAPACITY INCDIR SOURCE.sv...
  --report-only the report again from WORKDIR's stat.txt and net.json (no Yosys run)
  YOSYS_BUNDLE  gen/bundle.js of the npm package @yowasp/yosys (Yosys 0.55;
                bench/iommu.mk installs it)
  WORKDIR       build/boards/<board>: rewritten sources, yosys.log,
                stat.txt, net.json, path.txt, summary.md
  FAMILY        xcup (AMD UltraScale+: synth_xilinx -family xcup) or
                polarfire (Microchip PolarFire: synth_microchip -family polarfire, flat)
  TOP           the board top module
  PART          the part name (for the summary)
  CAPACITY      lut=N,ff=N,bram=N,dsp=N[,uram=N][,usram=N]: the part's resources
  INCDIR        directories of the `include files, ':'-separated (boards/common:rtl/soc)
  SOURCE.sv     packages first, then modules (the black-box stub among them)

The sources are rewritten for Yosys as bench/iommu_synth.py and
bench/synth_core.py do (their prepare() and fold_selects() are reused);
`include lines are expanded first, and two constructs of uvs_axi_pkg that
Yosys 0.55 rejects are folded: the ID width computed from another package's
constant (replaced by its value) and `case ($countones(be))` in size_of
(replaced by an if chain on the same counts).

Counted cells: xcup: LUT1..LUT6 (+ LUT-RAM cells, in LUTs as
bench/iommu_synth.py counts them), FD* flip-flops, RAMB18E2/RAMB36E2 (a
RAMB18E2 is half a block RAM tile), URAM288, DSP48E2. polarfire: CFG1..CFG4
(4-input LUTs), ARI1 (carry-chain LUTs, counted as LUTs: each is one logic
element's LUT), SLE flip-flops, RAM1K20 (LSRAM), RAM64x12 (uSRAM), MACC_PA
(math blocks). Longest path in LUT levels from the netlist, as
bench/synth_core.py counts it (LUT cells only; carry, mux and DSP cells
traversed without a level); the black-box shell counts as a register
boundary (its AXI interfaces are registered slices in the vendor's
interconnect). Exit status 0 with one line per figure on stdout and
summary.md written; 1 with a one-line error when a tool fails.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth_core  # noqa: E402
from iommu_synth import LUTRAM_LUTS, NODE_RUN, prepare  # noqa: E402

FAMILIES = {
    'xcup': {
        'synth': 'synth_xilinx -family xcup -flatten -top %s',
        'seq': r'FD[CPRS]E?(_1)?|RAMB(18|36)E2|URAM288.*|FIFO.*|SRL.*|BUFG.*',
        'lut': r'LUT[1-6]|RAM(32|64|128|256|512)[XM].*',
    },
    'polarfire': {
        'synth': 'synth_microchip -family polarfire -top %s',  # flattens by default
        'seq': r'SLE|RAM1K20|RAM64x12|MACC_PA.*',
        'lut': r'CFG[1-4]',  # LUT levels; ARI1 (carry) traversed without a level
    },
}


def expand_includes(path, incdir, seen=()):
    out = []
    for line in open(path).read().split('\n'):
        m = re.match(r'\s*`include\s+"([^"]+)"', line)
        if m:
            # incdir: ':'-separated directories, then the including file's own
            dirs = incdir.split(':') + [os.path.dirname(path)]
            inc = next((os.path.join(d, m.group(1)) for d in dirs
                        if os.path.isfile(os.path.join(d, m.group(1)))), os.path.join(dirs[-1], m.group(1)))
            if inc in seen:
                continue
            out.append(expand_includes(inc, incdir, seen + (inc,)))
        else:
            out.append(line)
    return '\n'.join(out)


def fix_axi_pkg(s, values):
    """uvs_axi_pkg for Yosys: IDW from the MT package's value; size_of as ifs."""
    def idw(m):
        v = values.get('uvs_mt_pkg::UVS_MT_THREADS_MAX')
        return 'localparam int IDW = %d;' % (max(v, 2) - 1).bit_length() if v else m.group(0)
    s = re.sub(r'localparam\s+int\s+IDW\s*=\s*\$clog2\([^;]*;', idw, s)
    s = re.sub(r'case\s*\(\$countones\(be\)\)\s*1:\s*return\s+([^;]+);\s*2:\s*return\s+([^;]+);\s*'
               r'4:\s*return\s+([^;]+);\s*default:\s*return\s+([^;]+);\s*endcase',
               lambda m: ('if ($countones(be) == 1) return %s; if ($countones(be) == 2) return %s; '
                          'if ($countones(be) == 4) return %s; return %s;' % m.groups()), s)
    return s


def dpi_stub(s):
    """A module that still calls the simulator by DPI (its data path is C:
    docs/architecture.md, "SoC boundary (AXI)") cannot be synthesized: its
    header only, as a black box (not counted; the summary names it)."""
    m = re.search(r'\bmodule\b.*?\)\s*;', s, flags=re.S)
    head = s[:m.end()]
    imports = re.findall(r'^\s*import\s+\w+::\*\s*;', s[m.end():], flags=re.M)
    return '(* blackbox *)\n' + head + '\n' + '\n'.join(imports) + '\nendmodule\n'


def named_imports(s):
    """`import P::NAME;` (Yosys has no import): the line dropped, NAME written P::NAME."""
    for pkg, name in re.findall(r'^\s*import\s+(\w+)::(\w+)\s*;', s, flags=re.M):
        s = re.sub(r'^\s*import\s+%s::%s\s*;' % (pkg, name), '', s, flags=re.M)
        s = re.sub(r"(?<![\w:.'$`])%s\b" % name, '%s::%s' % (pkg, name), s)
    return s


def package_values(sources):
    vals = {}
    for path in sources:
        s = open(path).read()
        pkg = re.search(r'\bpackage\s+(\w+)\s*;', s)
        if pkg:
            for name, base, digits in re.findall(
                    r"\blocalparam\b[^=;]*?\b(\w+)\s*=\s*\d*'([hd])([0-9a-fA-F_]+)\s*;", s):
                vals[pkg.group(1) + '::' + name] = int(digits.replace('_', ''), 16 if base == 'h' else 10)
    return vals


def main(argv):
    if len(argv) < 9:
        print('usage: board_synth.py YOSYS_BUNDLE WORKDIR FAMILY TOP PART CAPACITY INCDIR SOURCE.sv...',
              file=sys.stderr)
        return 2
    report_only = len(argv) > 1 and argv[1] == '--report-only'
    if report_only:
        argv = argv[:1] + argv[2:]
    bundle, outdir, family, top, part, capacity, incdir = argv[1:8]
    sources = argv[8:]
    bundle = os.path.abspath(bundle)
    if family not in FAMILIES:
        print('board-synth: family %r: expected one of %s' % (family, ', '.join(sorted(FAMILIES))),
              file=sys.stderr)
        return 2
    try:
        cap = {k: int(v) for k, v in (kv.split('=') for kv in capacity.split(','))}
    except ValueError:
        print('board-synth: capacity %r: expected lut=N,ff=N,bram=N,dsp=N' % capacity, file=sys.stderr)
        return 2
    if not os.path.isfile(bundle):
        print('board-synth: no Yosys bundle at %s (make iommu-synth installs it)' % bundle, file=sys.stderr)
        return 1
    fam = FAMILIES[family]
    os.makedirs(outdir, exist_ok=True)
    for f in (() if report_only else ('stat.txt', 'net.json')) + ('summary.md',):
        if os.path.exists(os.path.join(outdir, f)):
            os.remove(os.path.join(outdir, f))
    src_dir = os.path.join(outdir, 'src')
    os.makedirs(src_dir, exist_ok=True)
    values = package_values(sources)
    expanded, stubbed = [], []
    for path in sources:
        s = expand_includes(path, incdir)
        s = named_imports(s)
        if 'import "DPI-C"' in s:
            s = dpi_stub(s)
            stubbed.append(os.path.basename(path))
        if os.path.basename(path) == 'uvs_axi_pkg.sv':
            s = fix_axi_pkg(s, values)
        dst = os.path.join(src_dir, os.path.basename(path))
        with open(dst, 'w') as f:
            f.write(s)
        expanded.append(dst)
    try:
        names = prepare(expanded, outdir)
        # uvs_iommu_pkg keeps its own prefixes (its enum constants are not
        # found otherwise), as bench/iommu_synth.py leaves it.
        synth_core.fold_selects(outdir, [n for n in names if n != 'uvs_iommu_pkg.sv'])
    except (OSError, RuntimeError) as e:
        print('board-synth: %s' % e, file=sys.stderr)
        return 1
    log = os.path.join(outdir, 'yosys.log')
    script = ('read_verilog -sv %s; hierarchy -check -top %s; %s; '
              'tee -q -o stat.txt stat; write_json net.json'
              % (' '.join(names), top, fam['synth'] % top))
    rc = 0 if report_only else subprocess.call(['node', '--input-type=module', '-e', NODE_RUN, bundle, outdir,
                                                log, script] + names)
    stat, net = os.path.join(outdir, 'stat.txt'), os.path.join(outdir, 'net.json')
    if rc != 0 or not os.path.exists(stat) or not os.path.exists(net):
        err = [l for l in open(log).read().split('\n') if 'ERROR' in l] if os.path.exists(log) else []
        print('board-synth: yosys failed: %s (log %s)' % (err[0] if err else 'no netlist', log), file=sys.stderr)
        return 1
    cells = {}
    for m in re.finditer(r'^\s+(\d+)\s+(\S+)\s*$|^\s+(\S+)\s+(\d+)\s*$', open(stat).read(), flags=re.M):
        n, c = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        c = c.lstrip('\\')
        cells[c] = cells.get(c, 0) + int(n)

    def count(pat):
        return sum(n for c, n in cells.items() if re.fullmatch(pat, c))
    netlist = json.load(open(net))
    ours = set()
    for n in names:
        ours |= set(re.findall(r'\(\*\s*blackbox\s*\*\)\s*module\s+(\w+)', open(os.path.join(outdir, n)).read()))
    shells = sorted({c['type'].lstrip('\\') for c in netlist['modules'][top]['cells'].values()
                     if c['type'].lstrip('\\') in ours})
    synth_core.SEQ = re.compile(fam['seq'] + ''.join('|' + re.escape(s) for s in shells))
    synth_core.LUT = re.compile(fam['lut'])
    levels, path = synth_core.lut_levels(netlist, top)
    names_ = synth_core.net_names(netlist, top)
    with open(os.path.join(outdir, 'path.txt'), 'w') as f:
        f.write(synth_core.describe_path(netlist['modules'][top]['cells'], path, names_))
    if family == 'xcup':
        luts = count(r'LUT[1-6]') + sum(n * LUTRAM_LUTS.get(c, 0) for c, n in cells.items())
        rows = [('LUTs (logic + LUT-RAM)', luts, cap.get('lut')),
                ('flip-flops', count(r'FD[CPRS]E?(_1)?'), cap.get('ff')),
                ('block RAM tiles (RAMB36E2 + RAMB18E2 / 2)', count(r'RAMB36E2') + count(r'RAMB18E2') / 2,
                 cap.get('bram')),
                ('UltraRAM (URAM288)', count(r'URAM288.*'), cap.get('uram')),
                ('DSP48E2', count(r'DSP48E2'), cap.get('dsp'))]
    else:
        rows = [('4-input LUTs (CFG1..4 + ARI1)', count(r'CFG[1-4]') + count(r'ARI1'), cap.get('lut')),
                ('flip-flops (SLE)', count(r'SLE'), cap.get('ff')),
                ('LSRAM (RAM1K20)', count(r'RAM1K20'), cap.get('bram')),
                ('uSRAM (RAM64x12)', count(r'RAM64x12'), cap.get('usram')),
                ('math blocks (MACC_PA)', count(r'MACC_PA.*'), cap.get('dsp'))]
    md = ['# %s: %s on %s' % (os.path.basename(os.path.normpath(outdir)), top, part), '',
          'Yosys 0.55 (`%s`); black boxes, not counted: %s.' % (fam['synth'] % top, ', '.join(sorted(set(shells))) or '-'),
          '', 'Modules still calling the simulator by DPI (their data paths are C), '
          'black boxes here: %s.' % (', '.join(m[:-3] for m in stubbed) or 'none'),
          '', '| resource | used | part | share |', '|---|---:|---:|---:|']
    for name, used, total in rows:
        share = '%.1f %%' % (100.0 * used / total) if total else '-'
        md.append('| %s | %s | %s | %s |' % (name, ('%g' % used), ('{:,}'.format(total) if total else '-'), share))
    carry = sum(1 for _, t in path if t in ('CARRY4', 'CARRY8', 'ARI1'))
    md += ['', 'Longest path: %d LUT levels (%d carry cells on it; path.txt lists it).' % (levels, carry), '']
    with open(os.path.join(outdir, 'summary.md'), 'w') as f:
        f.write('\n'.join(md))
    for name, used, total in rows:
        print('%s: %s %g of %s%s' % (top, name, used, '{:,}'.format(total) if total else '-',
                                     ' (%.1f %%)' % (100.0 * used / total) if total else ''))
    print('%s: longest path %d LUT levels (%d carry cells on it)' % (top, levels, carry))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
