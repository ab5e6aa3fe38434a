#!/usr/bin/env python3
"""Resource estimate of the IOMMU (rtl/iommu/, top uvs_iommu, default parameters):
Yosys `synth_xilinx -top uvs_iommu`, printing LUTs and flip-flops.

Usage: bench/iommu_synth.py YOSYS_BUNDLE WORKDIR SOURCE.sv...
  YOSYS_BUNDLE  gen/bundle.js of the npm package @yowasp/yosys (Yosys 0.55 as
                WebAssembly, run with Node; bench/iommu.mk installs it)
  WORKDIR       where the prepared sources, the Yosys log and stat go
  SOURCE.sv     packages first (generated ABI packages, uvs_iommu_pkg), then modules

Yosys's SystemVerilog front end has no `import` and no unpacked-array ports,
which the RTL uses (the SoC connects uvs_iommu's per-port unpacked arrays).
So the sources are first rewritten, for Yosys only, into an equivalent form:
every name taken from a package through `import P::*` is written `P::name`
(import lines dropped), and every unpacked array declaration `T [R] x [N]`
becomes the packed `T [N-1:0][R] x` (element selects x[i] mean the same;
an array of a struct or enum type T becomes `logic [N-1:0][$bits(T)-1:0]`),
except memories: arrays whose name ends in `ram` (e.g. uvs_iotlb's
`tag_ram`) stay unpacked, written `[0:N-1]`, so that Yosys infers RAM.
Exit status 0 with "uvs_iommu: N LUTs (L logic + M as memory), F FFs" on
stdout; 1 with a one-line error when a tool fails (the Yosys log path is
given). LUTs as memory: distributed-RAM cells counted in the LUTs they
occupy (Xilinx 7-series/UltraScale: RAM32M, RAM64M 4; RAM32X1D, RAM64X1D 2;
RAM128X1D 4; RAM256X1S 4; RAM32X1S, RAM64X1S 1; RAM128X1S 2).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from synth_report import LUTRAM_LUTS, misread_error, parse_stat  # noqa: E402,F401 (LUTRAM_LUTS: also imported from here)

TYPE = r'(?:logic|\w+_[te]|\w+::\w+_[te])'
DECL = re.compile(r'^(\s*(?:(?:input|output)\s+)?' + TYPE + r')(\s*(?:\[[^\]]+\])?\s*)(.*?)([,;])(\s*(?://.*)?)$')
NAME_DIM = re.compile(r'^\s*(\w+)\s*\[([^\]:]+)\]\s*$')
IDENT = re.compile(r"(?<![\w:.'$`])([A-Za-z_]\w*)(?!\w|\s*::)")


def strip_comments(s):
    s = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), s, flags=re.S)
    return re.sub(r'//[^\n]*', '', s)


def package_symbols(s):
    """Names a package defines: localparams, typedefs, enum constants, functions."""
    syms = set(re.findall(r'\blocalparam\b[^=;]*?\b(\w+)\s*=', s))
    syms |= set(re.findall(r'\btypedef\b[^;{]*?(?:\{[^}]*\})?\s*(\w+)\s*;', s, flags=re.S))
    for body in re.findall(r'\benum\b[^{]*\{([^}]*)\}', s):
        syms |= {re.match(r'\s*(\w+)', item).group(1) for item in body.split(',') if item.strip()}
    funcs = set(re.findall(r'\bfunction\s+automatic\b[^(;]*?\b(\w+)\s*\(', s))
    return syms, funcs


def scope_names(s, scope, own_pkg, own_syms):
    """Prefix package names; in a package its own definitions stay bare."""
    out, pos = [], 0
    for m in IDENT.finditer(s):
        name = m.group(1)
        pkg = scope.get(name)
        if not pkg:
            continue
        syms, funcs = pkg[1], pkg[2]
        after = s[m.end():m.end() + 40]
        if name in funcs and not re.match(r'\s*\(', after):
            continue  # a function's result variable
        if pkg[0] == own_pkg:
            before = s[max(0, m.start() - 200):m.start()]
            if name in own_syms and (re.search(r'\blocalparam\b[^=;]*$', before) or
                                     re.search(r'\benum\b[^}]*$', before) and not re.match(r'\s*[;)]', after) or
                                     re.search(r'\}\s*$', before) or re.search(r'\bfunction\s+automatic\b[^(;]*$', before)):
                continue  # the definition itself
        out.append(s[pos:m.start()] + pkg[0] + '::' + name)
        pos = m.end()
    out.append(s[pos:])
    return ''.join(out)


def type_widths(s):
    """Bit widths of a package's packed struct and enum typedefs (numeric ranges)."""
    w = {}
    for body, name in re.findall(r'\btypedef\s+struct\s+packed\s*\{([^}]*)\}\s*(\w+)\s*;', s):
        n = 0
        for hi, lo, names in re.findall(r'\blogic\s*(?:\[(\d+):(\d+)\])?\s*([\w\s,]+);', body):
            n += (int(hi) - int(lo) + 1 if hi else 1) * len(names.split(','))
        w[name] = n
    for hi, lo, name in re.findall(r'\btypedef\s+enum\s+logic\s*\[(\d+):(\d+)\]\s*\{[^}]*\}\s*(\w+)\s*;', s):
        w[name] = int(hi) - int(lo) + 1
    return w


def pack_arrays(s, widths):
    lines = []
    for line in s.split('\n'):
        m = DECL.match(line)
        if m and '[' in m.group(3) and '=' not in m.group(3) and '(' not in m.group(3):
            nd = [NAME_DIM.match(p) for p in m.group(3).split(',')]
            if all(nd) and all(x.group(1).endswith('ram') for x in nd):
                dim = nd[0].group(2).strip()  # a memory: unpacked, written [0:N-1] (Yosys)
                line = '%s%s%s [0:%s-1]%s%s' % (m.group(1), m.group(2), ', '.join(x.group(1) for x in nd),
                                                 dim if re.fullmatch(r'\w+', dim) else '(' + dim + ')',
                                                 m.group(4), m.group(5))
            elif all(nd) and len({x.group(2).strip() for x in nd}) == 1:
                dim = nd[0].group(2).strip()
                dim = dim if re.fullmatch(r'\w+', dim) else '(' + dim + ')'
                head, rng = m.group(1), m.group(2).strip()
                t = re.match(r'(\s*(?:(?:input|output)\s+)?)(\S+)$', head)
                if t.group(2) != 'logic':  # Yosys selects a bit of a packed array of a struct or enum
                    w = widths.get(t.group(2).split('::')[-1])
                    if w is None:  # a module's own type: left unpacked
                        lines.append(line)
                        continue
                    head, rng = t.group(1) + 'logic', '[%d:0]' % (w - 1)
                line = '%s [%s-1:0]%s %s%s%s' % (head, dim, rng, ', '.join(x.group(1) for x in nd),
                                                  m.group(4), m.group(5))
        lines.append(line)
    return '\n'.join(lines)


def prepare(sources, outdir):
    pkgs = {}  # name -> (syms, funcs)
    widths = {}
    names = []
    for path in sources:
        s = strip_comments(open(path).read())
        m = re.search(r'\bpackage\s+(\w+)\s*;', s)
        imports = re.findall(r'\bimport\s+(\w+)::\*\s*[;,]', s)
        s = re.sub(r'\bimport\s+\w+::\*\s*[;,]', '', s)
        own = m.group(1) if m else None
        if own:
            pkgs[own] = package_symbols(s)
            widths.update(type_widths(s))
        scope = {}
        for p in imports + ([own] if own else []):
            if p not in pkgs:
                raise RuntimeError('%s imports %s before it is defined' % (path, p))
            for n in pkgs[p][0] | pkgs[p][1]:
                scope[n] = (p, pkgs[p][0], pkgs[p][1])
        s = scope_names(s, scope, own, pkgs[own][0] | pkgs[own][1] if own else set())
        if not own:
            s = pack_arrays(s, widths)
        name = os.path.basename(path)
        with open(os.path.join(outdir, name), 'w') as f:
            f.write(s)
        names.append(name)
    return names


NODE_RUN = r"""
import { readFileSync, writeFileSync } from 'node:fs';
const [bundle, dir, log, script, ...names] = process.argv.slice(1);
const { runYosys } = await import(bundle);
const files = {};
for (const n of names) files[n] = readFileSync(dir + '/' + n);
let text = '';
const sink = (b) => { if (b) text += new TextDecoder().decode(b); };
let code = 0;
try {
  const out = await runYosys(['-p', script], files, { stdout: sink, stderr: sink });
  for (const [k, v] of Object.entries(out || {}))
    if (!(k in files) && (typeof v === 'string' || v instanceof Uint8Array)) writeFileSync(dir + '/' + k, v);
} catch (e) { code = 1; text += '\n' + String(e) + '\n'; }
writeFileSync(log, text);
process.exit(code);
"""


def main(argv):
    if len(argv) < 4:
        print('usage: iommu_synth.py YOSYS_BUNDLE WORKDIR SOURCE.sv...', file=sys.stderr)
        return 2
    bundle, outdir, sources = os.path.abspath(argv[1]), argv[2], argv[3:]
    if not os.path.isfile(bundle):
        print('iommu-synth: no Yosys bundle at %s (make iommu-synth installs it)' % bundle, file=sys.stderr)
        return 1
    os.makedirs(outdir, exist_ok=True)
    try:
        names = prepare(sources, outdir)
    except (OSError, RuntimeError) as e:
        print('iommu-synth: %s' % e, file=sys.stderr)
        return 1
    log = os.path.join(outdir, 'yosys.log')
    script = ('read_verilog -sv %s; hierarchy -check -top uvs_iommu; synth_xilinx -flatten -top uvs_iommu; '
              'tee -q -o stat.txt stat; tee -q -o ltp.txt ltp -noff' % ' '.join(names))
    rc = subprocess.call(['node', '--input-type=module', '-e', NODE_RUN, bundle, outdir, log, script] + names)
    stat = os.path.join(outdir, 'stat.txt')
    if rc != 0 or not os.path.exists(stat):
        err = [l for l in open(log).read().split('\n') if 'ERROR' in l] if os.path.exists(log) else []
        print('iommu-synth: yosys failed: %s (log %s)' % (err[0] if err else 'no statistics', log), file=sys.stderr)
        return 1
    bad = misread_error(open(log).read(), log)
    if bad:
        print('iommu-synth: %s' % bad, file=sys.stderr)
        return 1
    cells = parse_stat(stat)
    luts = sum(n for c, n in cells.items() if re.fullmatch(r'\$?_?LUT[1-6]_?', c.lstrip('\\')))
    ffs = sum(n for c, n in cells.items() if re.fullmatch(r'FD[CPRS]E?(_1)?', c.lstrip('\\')))
    lutram = sum(n * LUTRAM_LUTS.get(c.lstrip('\\'), 0) for c, n in cells.items())
    other = {c: n for c, n in cells.items() if not re.fullmatch(r'\\?(LUT[1-6]|FD[CPRS]E?(_1)?)', c)}
    print('uvs_iommu (default parameters), Yosys synth_xilinx: %d LUTs (%d logic + %d as memory), %d FFs'
          % (luts + lutram, luts, lutram, ffs))
    print('  other cells: ' + ', '.join('%s %d' % (c.lstrip('\\'), n) for c, n in sorted(other.items())))
    ltp = os.path.join(outdir, 'ltp.txt')
    m = re.search(r'Longest topological path in \S+ \(length=(\d+)\)', open(ltp).read()) if os.path.exists(ltp) else None
    if m:
        print('  longest path: %s cells between flip-flops (Yosys ltp -noff: LUTs, carry, mux and RAM cells)'
              % m.group(1))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
