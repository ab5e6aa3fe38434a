#!/usr/bin/env python3
"""FPGA estimate of one core (make synth-report, part of make bench):
Yosys `synth_xilinx -family xcup -flatten` (UltraScale+) of a top module,
printing LUTs, flip-flops, DSPs, block RAMs and the longest combinational
path in LUT levels.

Usage: bench/synth_core.py YOSYS_BUNDLE WORKDIR TOP SOURCE.sv...
  YOSYS_BUNDLE  gen/bundle.js of the npm package @yowasp/yosys (bench/iommu.mk)
  WORKDIR       where the rewritten sources, yosys.log, stat.txt, net.json
                and path.txt go
  TOP           top module (default parameters)
  SOURCE.sv     packages first, then modules

The sources are rewritten for Yosys as bench/iommu_synth.py does (its
prepare() and Node runner are reused).

Longest path in LUT levels (this script, from the netlist net.json): the
maximum number of LUT cells (LUT1..LUT6, and LUT-RAM reads: from a read
address to the data, synth_report.split_rams; a LUT-RAM's write inputs end
a path like a flip-flop's) on any path from a flip-flop output, block RAM
output or module input to a flip-flop input, block RAM input or module
output: Yosys
`ltp`'s longest topological path, with only LUT cells counted. MUXF7/8/9
and CARRY4/CARRY8 cells (the slice's dedicated muxes and carry chain
after a LUT, as Yosys maps them for -family xcup) are traversed but add no
level; DSP48E2 cells are traversed and add none either, so a path through
a multiplier is under-counted by the DSP's own delay. The numbers of
carry and DSP cells on the path are printed next to it, and path.txt
lists its cells. (`ltp` itself counts every cell, so a 64-bit carry chain
alone would count 16.)
Exit status 0 with one summary line per figure on stdout; 1 with a
one-line error when a tool fails.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import synth_report  # noqa: E402
from iommu_synth import NODE_RUN, prepare  # noqa: E402

FAMILY = 'xcup'  # lut_levels' cell classes (board_synth.run_flat sets SEQ and LUT for others)
SEQ = re.compile(synth_report.FAMILIES['xcup']['seq'])
LUT = re.compile(synth_report.FAMILIES['xcup']['lut'])


def no_return(m):
    name, body = m.group(1), m.group(0)
    while True:
        g = re.search(r'\bif\s*\(([^;]*?)\)\s*return\s+([^;]*);', body)
        if not g:
            break
        body = (body[:g.start()] + 'if (%s) %s = (%s); else begin' % (g.group(1), name, g.group(2)) +
                body[g.end():body.rindex('endfunction')] + ' end\n  endfunction')
    return re.sub(r'\breturn\s+([^;]*);', lambda r: '%s = (%s);' % (name, r.group(1)), body)


def fold_selects(outdir, names):
    """Yosys cannot take a part select of another package's parameter
    (uvs_arch_pkg's AMO codes are uvs_bus_pkg::UVS_AMO_*[3:0]): replace each
    P::NAME[hi:lo] whose NAME is a plain hex or decimal literal in P by the
    selected bits as a sized literal; inside a package, Yosys does not find
    another package's parameter at all (uvs_arch_pkg's HPM event numbers are
    int'(uvs_hpm_pkg::UVS_HPM_EV_*)): replace each int'(P::NAME) there by
    its decimal value; and inside a package, drop the
    package's own prefix that prepare() put on its types; and parenthesize
    functions without `return` (Yosys 0.55 has none; the function's name is
    the identifier before its argument list, past a return type's range,
    which may hold a call: [$clog2(N)-1:0]): a guard
    `if (c) return x;` becomes `if (c) f = x; else begin <rest> end`, and a
    final `return x;` becomes `f = x;`."""
    values = {}
    for n in names:
        s = open(os.path.join(outdir, n)).read()
        pkg = re.search(r'\bpackage\s+(\w+)\s*;', s)
        if pkg:
            for name, base, digits in re.findall(
                    r"\blocalparam\b[^=;]*?\b(\w+)\s*=\s*\d*'([hd])([0-9a-fA-F_]+)\s*;", s):
                values[pkg.group(1) + '::' + name] = int(digits.replace('_', ''), 16 if base == 'h' else 10)

    def fold(m):
        v = values.get(m.group(1))
        if v is None:
            return m.group(0)
        hi, lo = int(m.group(2)), int(m.group(3))
        return "%d'h%x" % (hi - lo + 1, (v >> lo) & ((1 << (hi - lo + 1)) - 1))
    for n in names:
        path = os.path.join(outdir, n)
        s = open(path).read()
        t = re.sub(r'\b(\w+::\w+)\s*\[(\d+):(\d+)\]', fold, s)
        t = re.sub(r'\bfunction\s+automatic\b(?:\[[^\]]*\]|[^(;\[])*?\b(\w+)\s*\((.*?)\bendfunction\b', no_return, t,
                   flags=re.S)
        pkg = re.search(r'\bpackage\s+(\w+)\s*;', t)
        if pkg:  # inside a package its own names stay bare (Yosys rejects P::type there)
            t = re.sub(r"\bint'\((\w+::\w+)\)",
                       lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), t)
            types = set(re.findall(r'\}\s*(\w+)\s*;', t)) | set(re.findall(r'\btypedef\b[^;{]*?\b(\w+)\s*;', t))
            t = re.sub(r'\b' + pkg.group(1) + r'::(\w+)',
                       lambda m: m.group(1) if m.group(1) in types else m.group(0), t)
        if t != s:
            open(path, 'w').write(t)


def lut_levels(netlist, top):
    """Longest path in LUT levels: (levels, [(cell, type), ...]) of the path."""
    mod = synth_report.split_rams(netlist['modules'][top], FAMILY)
    cells = mod['cells']
    driver = {}  # net bit -> combinational cell driving it
    for name, c in cells.items():
        t = c['type'].lstrip('\\')
        if SEQ.fullmatch(t):
            continue
        for port, bits in c['connections'].items():
            if c['port_directions'].get(port) == 'output':
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = name
    memo = {}

    def level(name):
        # iterative DFS: (levels, predecessor cell)
        stack = [name]
        while stack:
            n = stack[-1]
            if n in memo:
                stack.pop()
                continue
            c = cells[n]
            ins = [driver[b] for p, bits in c['connections'].items()
                   if c['port_directions'].get(p) == 'input'
                   for b in bits if isinstance(b, int) and b in driver]
            todo = [d for d in ins if d not in memo]
            if todo:
                stack.extend(todo)
                continue
            t = c['type'].lstrip('\\')
            w = 1 if LUT.fullmatch(t) else 0
            best = max(ins, key=lambda d: memo[d][0], default=None)
            memo[n] = ((memo[best][0] if best else 0) + w, best)
            stack.pop()
        return memo[name][0]

    end = max(driver.values(), key=level, default=None)
    path = []
    while end is not None:
        path.append((end, cells[end]['type'].lstrip('\\')))
        end = memo[end][1]
    return (memo[path[0][0]][0] if path else 0), list(reversed(path))


def net_names(netlist, top):
    """Net bit -> the most readable name Yosys kept for it (a source-level
    name if any survives flattening, else an internal one)."""
    best = {}
    for name, n in netlist['modules'][top]['netnames'].items():
        rank = (n.get('hide_name', 0), name.count('$'), len(name))
        for i, b in enumerate(n['bits']):
            if isinstance(b, int):
                label = name if len(n['bits']) == 1 else '%s[%d]' % (name, i)
                if b not in best or rank < best[b][0]:
                    best[b] = (rank, label)
    return {b: v[1] for b, v in best.items()}


def describe_path(cells, path, names):
    """path.txt: one line per cell on the longest path (type, cell, the
    nets it drives); the first line names the nets that start it (the
    first cell's inputs, flip-flop outputs or ports)."""
    def nets(c, direction):
        return ' '.join(names.get(b, str(b)) for p, bits in c['connections'].items()
                        if c['port_directions'].get(p) == direction
                        for b in bits if isinstance(b, int))
    def cell(n):  # a RAM's read or write half (synth_report.split_rams): the RAM cell
        return cells[n] if n in cells else cells[n.rsplit('$', 1)[0]]
    out = []
    if path:
        out.append('from: %s\n' % nets(cell(path[0][0]), 'input'))
    for n, t in path:
        out.append('%s %s -> %s\n' % (t, n, nets(cell(n), 'output')))
    return ''.join(out)


def main(argv):
    if len(argv) < 5:
        print('usage: synth_core.py YOSYS_BUNDLE WORKDIR TOP SOURCE.sv...', file=sys.stderr)
        return 2
    bundle, outdir, top, sources = os.path.abspath(argv[1]), argv[2], argv[3], argv[4:]
    if not os.path.isfile(bundle):
        print('synth-report: no Yosys bundle at %s' % bundle, file=sys.stderr)
        return 1
    os.makedirs(outdir, exist_ok=True)
    for f in ('stat.txt', 'net.json'):
        if os.path.exists(os.path.join(outdir, f)):
            os.remove(os.path.join(outdir, f))
    try:
        names = prepare(sources, outdir)
        fold_selects(outdir, names)
    except (OSError, RuntimeError) as e:
        print('synth-report: %s' % e, file=sys.stderr)
        return 1
    log = os.path.join(outdir, 'yosys.log')
    script = ('read_verilog -sv %s; hierarchy -check -top %s; '
              'synth_xilinx -family xcup -flatten -top %s; '
              'tee -q -o stat.txt stat; write_json net.json' % (' '.join(names), top, top))
    rc = subprocess.call(['node', '--input-type=module', '-e', NODE_RUN, bundle, outdir, log, script] + names)
    stat, net = os.path.join(outdir, 'stat.txt'), os.path.join(outdir, 'net.json')
    if rc != 0 or not os.path.exists(stat) or not os.path.exists(net):
        err = [l for l in open(log).read().split('\n') if 'ERROR' in l] if os.path.exists(log) else []
        print('synth-report: yosys failed: %s (log %s)' % (err[0] if err else 'no netlist', log), file=sys.stderr)
        return 1
    cells = synth_report.parse_stat(stat)
    luts, ffs, brams, _, dsps, _ = (used for _, used, _ in synth_report.resource_rows('xcup', cells))
    netlist = json.load(open(net))
    levels, path = lut_levels(netlist, top)
    names = net_names(netlist, top)
    with open(os.path.join(outdir, 'path.txt'), 'w') as f:
        f.write(describe_path(netlist['modules'][top]['cells'], path, names))
    carry = sum(1 for _, t in path if t in ('CARRY4', 'CARRY8'))
    dsp = sum(1 for _, t in path if t == 'DSP48E2')
    print('%s: %d LUTs (logic + LUT-RAM), %d FFs, %d DSP48E2, %g block RAM tiles; '
          'longest path %d LUT levels (with %d carry cells, %d DSP48E2 on it)'
          % (top, luts, ffs, dsps, brams, levels, carry, dsp))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
