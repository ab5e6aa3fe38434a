#!/usr/bin/env python3
"""Yosys elaboration (and, with --synth, synthesis) of the synthesizable SoC
core uvs_soc_core (docs/architecture.md, "SoC boundary (AXI)"): make
soc-core-elab / soc-core-synth, part of make bench.

Usage: bench/soc_core_synth.py [--synth] YOSYS_BUNDLE WORKDIR NUM_HARTS MT_THREADS PIPE INCLUDE.svh... -- SOURCE.sv...
  YOSYS_BUNDLE  gen/bundle.js of the npm package @yowasp/yosys (bench/iommu.mk)
  WORKDIR       where the rewritten sources, yosys.log and stat.txt go
  NUM_HARTS, MT_THREADS, PIPE  the core's parameters (a configuration's)
  INCLUDE.svh   files the sources include (copied next to them)
  SOURCE.sv     packages first, then modules (rtl/core, rtl/iommu, rtl/soc)

A module that calls DPI would enter as a black box of its port list,
named in the summary (none since the DMA and tile engines' data paths are
RTL). The sources are rewritten for Yosys as bench/iommu_synth.py and
bench/synth_core.py do (prepare(), fold_selects() and the Node runner are
reused). Without --synth: `read_verilog -sv`, `chparam` of the three
parameters and `hierarchy -check -top uvs_soc_core`, so every module, port and
parameter of the core resolves. With --synth: `synth_xilinx -family xcup
-flatten` too, printing the cell counts. Exit status 0 with one summary line;
1 with a one-line error when a tool fails (the log path is given).
MT_THREADS > 0 (configuration c4mt) does not go through yet: uvs_mt_core
assigns a struct with an assignment pattern '{...}, which Yosys lacks; with
MT_THREADS = 0 the uvs_mt_* modules are left out (not instantiated).
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from iommu_synth import NODE_RUN, prepare  # noqa: E402
from synth_core import fold_selects  # noqa: E402


def main(argv):
    synth = len(argv) > 1 and argv[1] == '--synth'
    args = argv[2:] if synth else argv[1:]
    if '--' not in args or args.index('--') < 5:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    sep = args.index('--')
    bundle, outdir, harts, threads, pipe = args[:5]
    incs, sources = args[5:sep], args[sep + 1:]
    if threads == '0':  # no multithreaded harts: uvs_mt_* are not instantiated (and use '{...}, which Yosys lacks)
        sources = [x for x in sources if not re.match(r'uvs_mt_(core|csr|regfile|rr|hart|ctl)\.sv$', os.path.basename(x))]
    bundle = os.path.abspath(bundle)
    if not os.path.isfile(bundle):
        print('soc-core-synth: no Yosys bundle at %s (make soc-core-elab installs it)' % bundle, file=sys.stderr)
        return 1
    os.makedirs(outdir, exist_ok=True)
    try:
        # prepare() resolves wildcard imports only: a named import `import P::x;`
        # is widened to `import P::*;` (the ABI packages' names are unique)
        src_dir = os.path.join(outdir, 'src')
        os.makedirs(src_dir, exist_ok=True)
        widened, boxes = [], []
        for x in sources:
            t = re.sub(r'\bimport\s+(\w+)::\w+\s*;', r'import \1::*;', open(x).read())
            if 'import "DPI-C"' in t:  # still moved in C (DMA, tile engines): a black box of its ports
                head = re.search(r'^module\b.*?^\);', t, flags=re.M | re.S)
                t = t[:head.start()] + '(* blackbox *)\n' + head.group(0) + '\nendmodule\n'
                boxes.append(os.path.basename(x))
            y = os.path.join(src_dir, os.path.basename(x))
            open(y, 'w').write(t)
            widened.append(y)
        names = prepare(widened, outdir)
        # as synth_core.py does for the cores; the IOMMU's sources go as iommu_synth.py reads them
        fold_selects(outdir, [n for n, src in zip(names, sources) if '/iommu/' not in src])
        for i in incs:
            shutil.copy(i, os.path.join(outdir, os.path.basename(i)))
    except (OSError, RuntimeError) as e:
        print('soc-core-synth: %s' % e, file=sys.stderr)
        return 1
    log = os.path.join(outdir, 'yosys.log')
    # (the parameters set on the read module, not by hierarchy -chparam: Yosys 0.55
    # asserts when hierarchy re-derives the top with them)
    script = ('read_verilog -sv %s; chparam -set NUM_HARTS %s -set MT_THREADS %s -set PIPE %s uvs_soc_core; '
              'hierarchy -check -top uvs_soc_core' % (' '.join(names), harts, threads, pipe))
    if synth:
        script += '; synth_xilinx -family xcup -flatten -top uvs_soc_core; tee -q -o stat.txt stat'
    files = names + [os.path.basename(i) for i in incs]
    rc = subprocess.call(['node', '--input-type=module', '-e', NODE_RUN, bundle, outdir, log, script] + files)
    text = open(log).read() if os.path.exists(log) else ''
    if rc != 0 or 'ERROR' in text:
        err = [l for l in text.split('\n') if 'ERROR' in l]
        print('soc-core-synth: yosys failed: %s (log %s)' % (err[0] if err else 'exit %d' % rc, log), file=sys.stderr)
        return 1
    mods = len(set(re.findall(r'^Used module:\s+\\?(\S+)', text, flags=re.M)))
    what = 'synthesized' if synth else 'elaborated'
    print('uvs_soc_core (NUM_HARTS=%s MT_THREADS=%s PIPE=%s) %s by Yosys: %d module variants below the top; '
          'black boxes (DPI inside): %s' % (harts, threads, pipe, what, mods, ' '.join(boxes) or 'none'))
    if synth:
        print(open(os.path.join(outdir, 'stat.txt')).read())
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
