#!/usr/bin/env python3
"""Resource report of a board top (make BOARD=<board> synth-report; part of
make bench, not of make test): Yosys synthesis of the board's top module
with its vendor shell as a black box, for the board's FPGA family, and the
used resources against the part's capacity.

Usage: bench/board_synth.py [--flat | --report-only | --partial] [--jobs N] [--cut M,M...] [--only M,M...]
                            YOSYS_BUNDLE WORKDIR FAMILY TOP PART CAPACITY INCDIR SOURCE.sv...
  --flat        one Yosys process flattening the whole top (the c4 SoC does not
                fit the 4 GiB WebAssembly heap that way); default: hierarchical,
                one process per block (bench/synth_hier.py)
  --report-only the report again from WORKDIR's results (no synthesis; with
                --flat from stat.txt and net.json, else from blocks/*/net.json)
  --partial     as --report-only, leaving out the blocks not synthesized yet
                (named in the summary; the figures are then lower bounds)
  --only M,...  synthesize only the blocks of these module names (the others as
                far as done before), then report as --partial
  --jobs N      block processes at a time (default 2)
  --cut M,...   module names synthesized as blocks of their own (default
                synth_hier.CUT_DEFAULT: SoC core, hart, IOMMU and its large
                parts, PLIC, host interface, CLINT, MMIO arbiter)
  YOSYS_BUNDLE  gen/bundle.js of the npm package @yowasp/yosys (Yosys 0.55;
                bench/iommu.mk installs it)
  WORKDIR       build/boards/<board>: rewritten sources, yosys.log, elab.il,
                blocks/<block>/ (yosys.log, net.json, seconds), summary.md,
                path.txt
  FAMILY        xcup (AMD UltraScale+: synth_xilinx -family xcup) or
                polarfire (Microchip PolarFire: synth_microchip -family polarfire)
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

Counted cells: bench/synth_report.py. Longest path in LUT levels as
bench/synth_core.py counts it (LUT cells only; carry, mux and DSP cells
traversed without a level); in the hierarchical mode composed across the
blocks (bench/synth_hier.py: a path through a block boundary is counted
whole). The black-box shell and the DPI modules count as register
boundaries (the shell's AXI interfaces are registered slices in the
vendor's interconnect). Exit status 0 with one line per figure on stdout
and summary.md written; 1 with a one-line error when a tool fails; 2 on
bad arguments.
"""
import json
import os
import re
import subprocess
import time
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth_core  # noqa: E402
import synth_hier  # noqa: E402
import synth_report  # noqa: E402
from iommu_synth import NODE_RUN, prepare  # noqa: E402
from synth_report import FAMILIES  # noqa: E402

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




def prepare_sources(sources, outdir, incdir):
    """The sources rewritten for Yosys into outdir: (file names, DPI modules stubbed)."""
    src_dir = os.path.join(outdir, 'src')
    os.makedirs(src_dir, exist_ok=True)
    values = package_values(sources)
    expanded, stubbed = [], []
    for path in sources:
        s = expand_includes(path, incdir)
        s = named_imports(s)
        if 'import "DPI-C"' in s:
            s = dpi_stub(s)
            stubbed.append(os.path.basename(path)[:-3])
        if os.path.basename(path) == 'uvs_axi_pkg.sv':
            s = fix_axi_pkg(s, values)
        dst = os.path.join(src_dir, os.path.basename(path))
        with open(dst, 'w') as f:
            f.write(s)
        expanded.append(dst)
    names = prepare(expanded, outdir)
    # uvs_iommu_pkg keeps its own prefixes (its enum constants are not
    # found otherwise), as bench/iommu_synth.py leaves it.
    synth_core.fold_selects(outdir, [n for n in names if n != 'uvs_iommu_pkg.sv'])
    return names, stubbed


def yosys(bundle, outdir, script, files):
    """Runs Yosys (WebAssembly, under Node) in outdir; raises RuntimeError with the log's first error."""
    log = os.path.join(outdir, 'yosys.log')
    rc = subprocess.call(['node', '--input-type=module', '-e', NODE_RUN, bundle, outdir, log, script] + files)
    text = open(log).read() if os.path.exists(log) else ''
    if rc != 0:
        err = [l for l in text.split('\n') if 'ERROR' in l or 'Error' in l]
        raise RuntimeError('yosys failed: %s (log %s)' % (err[0] if err else 'exit %d' % rc, log))
    bad = synth_report.misread_error(text, log)
    if bad:
        raise RuntimeError(bad)


def shell_boxes(names, outdir):
    ours = set()
    for n in names:
        ours |= set(re.findall(r'\(\*\s*blackbox\s*\*\)\s*module\s+(\w+)', open(os.path.join(outdir, n)).read()))
    return ours


def run_flat(bundle, outdir, fam, top, names, report_only):
    """One process, the top flattened: (cells, levels, path text, black boxes)."""
    stat, net = os.path.join(outdir, 'stat.txt'), os.path.join(outdir, 'net.json')
    if not report_only:
        for f in (stat, net):
            if os.path.exists(f):
                os.remove(f)
        yosys(bundle, outdir, 'read_verilog -sv %s; hierarchy -check -top %s; %s; '
              'tee -q -o stat.txt stat; write_json net.json' % (' '.join(names), top, fam['synth'] % top), names)
    if not os.path.exists(stat) or not os.path.exists(net):
        raise RuntimeError('no netlist in %s' % outdir)
    cells = synth_report.parse_stat(stat)
    netlist = json.load(open(net))
    boxes = shell_boxes(names, outdir)
    shells = sorted({c['type'].lstrip('\\') for c in netlist['modules'][top]['cells'].values()
                     if c['type'].lstrip('\\') in boxes})
    synth_core.FAMILY = next(k for k, v in synth_report.FAMILIES.items() if v is fam)
    synth_core.SEQ = re.compile(fam['seq'] + ''.join('|' + re.escape(s) for s in shells))
    synth_core.LUT = re.compile(fam['lut'])
    levels, path = synth_core.lut_levels(netlist, top)
    text = synth_core.describe_path(netlist['modules'][top]['cells'], path, synth_core.net_names(netlist, top))
    return cells, levels, text, shells, []


def run_hier(bundle, outdir, fam, family, top, names, report_only, jobs, cut, partial=False, only=None):
    """One process per block (bench/synth_hier.py): (cells summed by
    instance count, composed longest path, path text, black boxes, block
    table rows, blocks missing). partial (with report_only): blocks without
    a netlist yet are left out (listed; a parent treats them as a register
    boundary), so the totals are lower bounds."""
    t0 = time.time()
    if not report_only:
        yosys(bundle, outdir, 'read_verilog -sv %s; hierarchy -check -top %s; write_rtlil elab.il; '
              'tee -q -o hier.txt stat' % (' '.join(names), top), names)
    elab = os.path.join(outdir, 'elab.il')
    if not os.path.exists(elab):
        raise RuntimeError('no elaborated design %s (expected a run without --report-only first)' % elab)
    design = synth_hier.Design(elab, top)
    blocks, reps, counts, below = design.partition(cut, synth_hier.SAME_COST_DEFAULT)
    mnames = synth_hier.safe_names(design)

    def log(msg):
        print('board-synth: [%4.0f s] %s' % (time.time() - t0, msg), file=sys.stderr, flush=True)
    if report_only:
        dirs = {m: os.path.join(outdir, 'blocks', mnames[m]) for m in blocks}
    else:
        run = [m for m in blocks if not only or synth_hier.base_name(m) in only]
        synth_hier.run_blocks(design, run, reps, mnames, outdir, fam['block'], bundle, NODE_RUN, jobs, log)
        dirs = {m: os.path.join(outdir, 'blocks', mnames[m]) for m in blocks}
    seq, weight = re.compile(fam['seq']), synth_report.lut_weight(family)
    depths, total, table, boxes = {}, {}, [], set()
    by_name = {mnames[m]: m for m in blocks}
    missing = []
    for m in reversed(blocks):  # children before parents
        net = os.path.join(dirs[m], 'net.json')
        done = os.path.exists(net) and (os.path.exists(os.path.join(dirs[m], 'key')) or
                                        partial and synth_hier._running_pid(dirs[m]) is None)
        if not done:
            if partial:
                missing.append('%s (%d instance%s)' % (synth_hier.base_name(m), counts[m], 's' if counts[m] > 1 else ''))
                continue
            raise RuntimeError('block %s has no netlist (%s)' % (mnames[m], net))
        netlist = json.load(open(net))
        mod = netlist['modules'][mnames[m]]
        subs = {}
        for c in mod['cells'].values():
            t = c['type'].lstrip('\\')
            r = by_name.get(t)
            if r is None and t in mnames.values():  # a cut module's variant: its representative's depths
                r = next((reps[x] for x in reps if mnames[x] == t), None)
            if r is not None and r in depths:
                subs[t] = depths[r]
        # black boxes that are not blocks: the vendor shell and the DPI modules (register boundaries);
        # the family's cell library is in the netlist as black boxes too, classified by its regexes
        vendor = {mnames[x] for x in design.blackbox} | (set(mnames.values()) - set(subs) - {mnames[m]})
        boxes |= {synth_hier.base_name(x) for x in design.blackbox
                  if any(c.get('type', '').lstrip('\\') == mnames[x] for c in mod['cells'].values())}
        d = synth_hier.Depths(synth_report.split_rams(mod, family), lambda t: bool(seq.fullmatch(t)) or t in vendor,
                              weight, subs)
        depths[m] = d
        own = synth_report.netlist_cells(mod)
        for c, n in own.items():
            total[c] = total.get(c, 0) + n * counts[m]
        secs = open(os.path.join(dirs[m], 'seconds')).read().strip() if os.path.exists(
            os.path.join(dirs[m], 'seconds')) else '?'
        inside, ro, ri, th = d.summary()
        same = sum(1 for x in reps if reps[x] == m and x != m)
        table.append((synth_hier.base_name(m), counts[m], synth_report.resource_rows(family, own), inside,
                      ro, ri, th, secs, same))
    # the longest path of the design: the deepest of every block's (each composed with the blocks below it)
    deepest = max(depths, key=lambda m: depths[m].longest)
    levels = depths[deepest].longest
    text = 'in block %s (its cells; a block cell\'s line is the depth at its output):\n%s\n' % (
        synth_hier.base_name(deepest), '\n'.join(depths[deepest].path))
    return total, levels, text, sorted(boxes), table, missing


def design_name(design, mnames, safe):
    for m, n in mnames.items():
        if n == safe:
            return m
    return safe


def main(argv):
    args = argv[1:]
    report_only, flat, partial, jobs, cut, only = False, False, False, 2, synth_hier.CUT_DEFAULT, None
    while args and args[0].startswith('--'):
        a = args.pop(0)
        if a == '--report-only':
            report_only = True
        elif a == '--flat':
            flat = True
        elif a == '--partial':
            report_only = partial = True
        elif a == '--jobs' and args and args[0].isdigit() and int(args[0]) > 0:
            jobs = int(args.pop(0))
        elif a == '--cut' and args:
            cut = tuple(x for x in args.pop(0).split(',') if x)
        elif a == '--only' and args:
            only, partial = set(x for x in args.pop(0).split(',') if x), True
        else:
            print('board-synth: option %r: expected --flat, --report-only, --partial, --jobs N (N > 0), --cut M,M... or --only M,M...' % a,
                  file=sys.stderr)
            return 2
    if len(args) < 8:
        print('usage: board_synth.py [--flat | --report-only] [--jobs N] [--cut M,...] '
              'YOSYS_BUNDLE WORKDIR FAMILY TOP PART CAPACITY INCDIR SOURCE.sv...', file=sys.stderr)
        return 2
    bundle, outdir, family, top, part, capacity, incdir = args[:7]
    sources = args[7:]
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
    if os.path.exists(os.path.join(outdir, 'summary.md')):
        os.remove(os.path.join(outdir, 'summary.md'))
    t0 = time.time()
    try:
        names, stubbed = prepare_sources(sources, outdir, incdir)
        if flat:
            cells, levels, text, shells, table = run_flat(bundle, outdir, fam, top, names, report_only)
            missing = []
        else:
            cells, levels, text, shells, table, missing = run_hier(bundle, outdir, fam, family, top, names,
                                                                   report_only, jobs, cut, partial, only)
    except (OSError, RuntimeError, KeyError, ValueError) as e:
        print('board-synth: %s' % e, file=sys.stderr)
        return 1
    with open(os.path.join(outdir, 'path.txt'), 'w') as f:
        f.write(text)
    rows = synth_report.resource_rows(family, cells, cap)
    how = ('`%s`' % (fam['synth'] % top)) if flat else (
        'hierarchical: one process per block, `%s` each' % (fam['block'] % '<block>'))
    md = ['# %s: %s on %s' % (os.path.basename(os.path.normpath(outdir)), top, part), '',
          'Yosys 0.55 (%s); black boxes, not counted: %s.' % (how, ', '.join(shells) or '-'),
          '', 'Modules still calling the simulator by DPI (their data paths are C), '
          'black boxes here: %s.' % (', '.join(stubbed) or 'none'), '']
    if missing:
        md += ['**Partial** (--partial): blocks not synthesized yet, not counted (the figures below are lower '
               'bounds; their parents take their ports as register boundaries): %s.' % ', '.join(missing), '']
    md += synth_report.markdown_rows(rows)
    md += ['', 'Longest path: %d LUT levels (path.txt lists it%s).' % (
        levels, '' if flat else ', composed across the blocks'), '']
    if table:
        lutname = rows[0][0]
        md += ['Blocks (each one Yosys process, its own cells without the blocks inside it; '
               'levels: longest register-to-register path inside the block with the blocks below it, '
               'deepest output from its registers, deepest input to its registers, deepest input-to-output '
               'path; CPU s: the block\'s Yosys process, user time):', '',
               '| block | instances | %s each | flip-flops each | levels inside | out | in | through | CPU s |' % lutname,
               '|---|---:|---:|---:|---:|---:|---:|---:|---:|']
        for name, n, r, inside, ro, ri, th, secs, same in table:
            md.append('| %s%s | %d | {:,} | {:,} | %d | %d | %d | %s | %s |'.format(int(r[0][1]), int(r[1][1])) % (
                name, ' (%d same-cost variants)' % (same + 1) if same else '', n, inside, ro, ri,
                '-' if th is None else th, secs))
        md.append('')
    md.append('Run time: %.0f s.' % (time.time() - t0))
    with open(os.path.join(outdir, 'summary.md'), 'w') as f:
        f.write('\n'.join(md) + '\n')
    synth_report.print_rows(top, rows)
    print('%s: longest path %d LUT levels' % (top, levels))
    if missing:
        print('%s: PARTIAL, blocks not synthesized yet: %s' % (top, ', '.join(missing)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
