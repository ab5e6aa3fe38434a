"""Hierarchical (non-flattening) Yosys synthesis of a large design
(bench/board_synth.py without --flat, the default for a board top): one Yosys
process per block, so that each fits the 4 GiB heap of the WebAssembly
Yosys (@yowasp/yosys) that cannot hold the flattened c4 SoC.

Flow (docs/benchmarks.md, "Board synthesis (issue 15)"):
1. elaborate(): one process reads the sources and runs `hierarchy -check
   -top TOP` with the real parameters, writing the elaborated design as
   RTLIL (elab.il) and the instance tree (`stat`).
2. Design(): the RTLIL's modules (each parameter variant is one module),
   their parameters and the module instances of each. The cut set is the
   top and every variant of the module names given (CUT_DEFAULT for the
   board tops); every other module is flattened into the cut module above
   it. Variants that differ only in parameters that change no hardware
   beyond a constant (SAME_COST_DEFAULT: HART_ID, the value of mhartid) are
   synthesized once and counted once per instance.
3. run_blocks(): per distinct cut module, one process `read_rtlil; blackbox
   <cut modules below it>; hierarchy -top M; <family synth, flattening M>;
   write_json`, in parallel (jobs); results (net.json, yosys.log, seconds:
   CPU seconds of the process) are kept per block under
   WORKDIR/blocks/<name>/ with a key (sha1 of the module texts and the
   script), so a rerun with unchanged RTL reuses them.
4. bench/board_synth.py combines: resources = each block's own cells times
   its instance count (the count of instances reachable from the top
   through flattened modules); the longest path is composed (Depths) from
   each block's per-port-bit depths: a block's output bit starts at its
   depth from the block's registers; a block's input bit ends at its depth
   to the block's registers. So a path from a register in one block through
   the parent's glue to a register in another is counted whole. Not
   composed: a block's input-to-output combinational (through) paths
   (charging them from every input of the instance chains blocks into
   false loops); each block's deepest through path is reported beside it
   instead. Clock pins are not end points.

Cells that end a path (sequential): the family's flip-flops, block RAMs,
DSPs' registered use is not modelled (DSP48E2/MACC_PA traversed at 0
levels), and black boxes that are not blocks (vendor IP, the DPI modules):
their ports count as registered (the vendor interconnect's register slices).
"""
import hashlib
import os
import re
import shutil
import subprocess
import time

CUT_DEFAULT = ('uvs_soc_core', 'uvs_pipe_sel', 'uvs_iommu', 'uvs_iotlb', 'uvs_ptw', 'uvs_iommu_dcc',
               'uvs_iommu_port', 'uvs_plic', 'uvs_hostif', 'uvs_clint', 'uvs_mmio_arb', 'uvs_tile',
               'uvs_tile_mover')
# HART_ID sets only mhartid's read value (rtl/core/uvs_csr.sv HART_ID_VALUE), a constant in the CSR read mux;
# a tile engine's HART only its register block's number and its scratchpad's base address (constants).
SAME_COST_DEFAULT = ('HART_ID', 'HART')


def base_name(name):
    """`$paramod$<hash>\\uvs_x` or `$paramod\\uvs_x\\P=...` or `\\uvs_x` -> uvs_x."""
    if name.startswith('$paramod'):
        parts = name.split('\\')
        return parts[1]
    return name.lstrip('\\')


class Design:
    """The elaborated design (elab.il): modules, parameters, instances."""

    def __init__(self, il_path, top):
        self.text = {}      # module -> its RTLIL text (module ... end)
        self.params = {}    # module -> {param: value}
        self.cells = {}     # module -> [cell type, ...] (module instances and primitives)
        self.blackbox = set()
        self.top = '\\' + top
        cur, buf, attrs = None, [], []
        for line in open(il_path):
            if cur is None:
                if line.startswith('attribute '):
                    attrs.append(line)
                    continue
                if line.startswith('module '):
                    cur = line.split(None, 1)[1].strip()
                    buf = attrs + [line]
                    self.params[cur], self.cells[cur] = {}, []
                    if any(a.startswith('attribute \\blackbox 1') for a in attrs):
                        self.blackbox.add(cur)
                    attrs = []
                continue
            buf.append(line)
            if line.startswith('  parameter '):
                p = line.split()
                if len(p) >= 3:
                    self.params[cur][p[1].lstrip('\\')] = p[2]
            elif line.startswith('  cell '):
                self.cells[cur].append(line.split()[1])
            elif line.rstrip() == 'end':
                self.text[cur] = ''.join(buf)
                cur = None
        if self.top not in self.text:
            raise RuntimeError('top %s not in the elaborated design' % top)

    def children(self, m):
        return [c for c in self.cells[m] if c in self.text]

    def partition(self, cut_names, same_cost):
        """Cut modules, the representative of each, and instance counts.
        Returns (blocks, reps, counts, below): blocks the distinct cut
        modules to synthesize (representatives), reps[m] the representative
        of cut module m, counts[rep] its instances in the whole design, and
        below[rep] {rep of a cut module under it: instances, reached through
        flattened modules only}."""
        cut = {m for m in self.text if (base_name(m) in cut_names or m == self.top) and m not in self.blackbox}
        keys, memo = {}, {}

        def key(m):  # same hardware up to the same-cost parameters
            if m not in memo:
                p = tuple(sorted((k, v) for k, v in self.params[m].items() if k not in same_cost))
                memo[m] = (base_name(m), p, tuple(sorted(key(c) for c in self.children(m))))
            return memo[m]
        reps = {}
        for m in sorted(self.text):
            if m in cut:
                reps[m] = keys.setdefault(key(m), m)

        below = {}

        def cut_below(m, acc, mult):
            for c in self.children(m):
                if c in cut:
                    r = reps[c]
                    acc[r] = acc.get(r, 0) + mult
                elif c not in self.blackbox:
                    cut_below(c, acc, mult)
        for m in set(reps.values()):
            below[m] = {}
            cut_below(m, below[m], 1)
        counts = {reps[self.top]: 1}
        order = self.topo(set(reps.values()), below)
        for m in order:
            for c, n in below[m].items():
                counts[c] = counts.get(c, 0) + counts.get(m, 0) * n
        blocks = [m for m in order if counts.get(m)]
        return blocks, reps, counts, below

    def topo(self, mods, below):
        order, seen = [], set()

        def visit(m):
            if m in seen:
                return
            seen.add(m)
            order.append(m)
        # parents before children: repeated passes (the cut graph is small)
        pending = set(mods)
        while pending:
            for m in sorted(pending):
                parents = [p for p in mods if m in below.get(p, {})]
                if all(p in seen for p in parents):
                    visit(m)
                    pending.discard(m)
                    break
            else:
                raise RuntimeError('cycle in the module hierarchy')
        return order

    def subtree_text(self, m, cut):
        """The RTLIL of m and of every module flattened into it (for the cache key and the size)."""
        out, todo, seen = [], [m], set()
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            out.append(self.text[x])
            todo += [c for c in self.children(x) if c not in cut or c == m]
        return ''.join(sorted(out))


def safe_names(design):
    """Module name -> a plain identifier for Yosys scripts (u<i>_<base>)."""
    return {m: 'u%d_%s' % (i, base_name(m)) for i, m in enumerate(sorted(design.text))}


def write_renamed(design, names, path):
    """elab.il with every module name (module and cell lines) replaced by its
    safe name; instances of black boxes (the DPI modules, vendor shells)
    lose their parameters, which the black box's RTLIL does not declare."""
    with open(path, 'w') as f:
        for m in sorted(design.text):
            lines, box = design.text[m].split('\n'), False
            for i, line in enumerate(lines):
                if line.startswith('module '):
                    lines[i] = 'module \\' + names[m]
                elif line.startswith('  cell '):
                    p = line.split()
                    box = p[1] in design.blackbox
                    if p[1] in names:
                        lines[i] = '  cell \\%s %s' % (names[p[1]], p[2])
                elif box and line.startswith('    parameter '):
                    lines[i] = None  # a black box's parameters (its RTLIL declares none: Yosys rejects them)
                elif line.startswith('  end'):
                    box = False
            f.write('\n'.join(x for x in lines if x is not None))


def run_blocks(design, blocks, reps, names, workdir, synth_cmd, bundle, node_run, jobs, log):
    """One Yosys process per block (in parallel, `jobs` at a time). Returns
    {block: its directory (net.json, seconds, key)}; when a block fails the
    others go on, then RuntimeError names the logs of those that failed."""
    cut = set(reps)
    il = os.path.join(workdir, 'elab_named.il')
    write_renamed(design, names, il)
    todo = []
    for m in blocks:
        sub = design.subtree_text(m, cut)
        boxes = sorted({names[c] for c in _cut_children(design, m, cut)} |
                       {names[c] for c in _all_below(design, m, cut) if c in design.blackbox})
        script = ('read_rtlil elab_named.il; %s hierarchy -top %s; %s; write_json net.json'
                  % ('blackbox %s;' % ' '.join(boxes) if boxes else '', names[m], synth_cmd % names[m]))
        k = hashlib.sha1((sub + script + ''.join(design.text[c] for c in _cut_children(design, m, cut))
                          ).encode()).hexdigest()
        d = os.path.join(workdir, 'blocks', names[m])
        os.makedirs(d, exist_ok=True)
        done = os.path.join(d, 'key')
        if os.path.exists(done) and open(done).read() == k and os.path.exists(os.path.join(d, 'net.json')):
            log('block %s: reused (%s)' % (names[m], d))
            continue
        if os.path.exists(done):
            os.remove(done)
        todo.append((len(sub), m, d, script, k))
    todo.sort(reverse=True)  # biggest first
    running, failed, external = [], [], []
    for t in list(todo):  # a block another run (same folder) is synthesizing: wait for it instead
        pid = _running_pid(t[2])
        if pid:
            todo.remove(t)
            external.append((pid, t[1], t[2], t[4]))
            log('block %s: running in process %d already, waited for' % (names[t[1]], pid))
    while todo or running or external:
        for x in list(external):
            pid, m, d, k = x
            if _running_pid(d) == pid:
                continue
            external.remove(x)
            if os.path.exists(os.path.join(d, 'elab_named.il')):
                os.remove(os.path.join(d, 'elab_named.il'))
            if os.path.exists(os.path.join(d, 'net.json')):
                with open(os.path.join(d, 'key'), 'w') as f:
                    f.write(k)
                log('block %s: done (process %d)' % (names[m], pid))
            else:
                failed.append('block %s: process %d left no netlist' % (names[m], pid))
        while todo and len(running) < jobs:
            _, m, d, script, k = todo.pop(0)
            for f in ('net.json', 'seconds'):  # results of an earlier run of this block
                if os.path.exists(os.path.join(d, f)):
                    os.remove(os.path.join(d, f))
            copy = os.path.join(d, 'elab_named.il')  # the runner reads its files from the block's folder
            if os.path.exists(copy):
                os.remove(copy)
            shutil.copy(il, copy)
            p = subprocess.Popen(['node', '--input-type=module', '-e', node_run, bundle, d,
                                  os.path.join(d, 'yosys.log'), script, 'elab_named.il'])
            with open(os.path.join(d, 'pid'), 'w') as f:
                f.write('%d\n' % p.pid)
            running.append((p, m, d, k, time.time()))
            log('block %s: started (%s)' % (names[m], d))
        time.sleep(1)
        for r in list(running):
            p, m, d, k, t0 = r
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == 0:
                continue
            p.returncode = os.waitstatus_to_exitcode(status)
            running.remove(r)
            os.remove(os.path.join(d, 'elab_named.il'))
            net = os.path.join(d, 'net.json')
            if p.returncode != 0 or not os.path.exists(net):
                # the others go on (their results are kept for a rerun); the failure is raised at the end
                text = open(os.path.join(d, 'yosys.log')).read() if os.path.exists(os.path.join(d, 'yosys.log')) else ''
                err = [l for l in text.split('\n') if 'ERROR' in l or 'Error' in l]
                failed.append('block %s failed: %s (log %s/yosys.log)' % (names[m], err[0] if err else 'no netlist', d))
                log(failed[-1])
                continue
            with open(os.path.join(d, 'seconds'), 'w') as f:  # CPU seconds of the Yosys process (user)
                f.write('%.0f\n' % usage.ru_utime)
            with open(os.path.join(d, 'key'), 'w') as f:
                f.write(k)
            log('block %s: done in %.0f s (%.0f s of CPU)' % (names[m], time.time() - t0, usage.ru_utime))
    if failed:
        raise RuntimeError('; '.join(failed))
    return {m: os.path.join(workdir, 'blocks', names[m]) for m in blocks}


def _running_pid(d):
    """The pid in d/pid if that process is alive and is a Yosys runner of folder d, else None."""
    try:
        pid = int(open(os.path.join(d, 'pid')).read())
        args = open('/proc/%d/cmdline' % pid, 'rb').read().split(b'\0')
    except (OSError, ValueError):
        return None
    return pid if os.path.abspath(d).encode() in [os.path.abspath(a).encode() for a in
                                                   (x.decode(errors='replace') for x in args)] else None


def _cut_children(design, m, cut):
    out = set()
    for c in design.children(m):
        if c in cut:
            out.add(c)
        elif c not in design.blackbox:
            out |= _cut_children(design, c, cut)
    return out


def _all_below(design, m, cut):
    out = set()
    for c in design.children(m):
        out.add(c)
        if c not in cut and c not in design.blackbox:
            out |= _all_below(design, c, cut)
    return out


# clock pins of sequential cells (FD*: C; SLE: CLK; block RAMs: CLK*, *CLK): not path end points
CLOCK_PIN = re.compile(r'C|CLK\w*|\w*CLK')


class Depths:
    """Per-port-bit LUT depths of one synthesized block (its flattened
    netlist), and the longest path inside it, composed with the depths of
    the blocks it instantiates (block cells)."""

    def __init__(self, module, is_seq, is_lut, blocks):
        """module: the block's module in the netlist JSON; is_seq(type),
        is_lut(type): cell classes (is_lut: the LUT levels the cell adds, 0, 1 or 2); blocks: {cell type: Depths} of the
        blocks instantiated here (black boxes in this netlist)."""
        cells = module['cells']
        ports = module['ports']
        self.in_bits = {b for p in ports.values() if p['direction'] == 'input' for b in p['bits'] if isinstance(b, int)}
        driver = {}
        for name, c in cells.items():
            t = c['type'].lstrip('\\')
            if is_seq(t) and t not in blocks:
                continue
            for port, bits in c['connections'].items():
                if c['port_directions'].get(port) == 'output':
                    for i, b in enumerate(bits):
                        if isinstance(b, int):
                            driver[b] = (name, port, i)
        NEG = -10 ** 9
        memo = {}  # bit -> (from registers, from inputs, predecessor bit)

        def inputs_of(c):
            return [b for p, bits in c['connections'].items() if c['port_directions'].get(p) == 'input'
                    for b in bits if isinstance(b, int)]

        expanded = set()

        def value(bit):
            stack = [bit]
            while stack:
                x = stack[-1]
                if x in memo:
                    stack.pop()
                    continue
                if x not in driver:
                    memo[x] = ((NEG, 0, None) if x in self.in_bits else (0, NEG, None))
                    stack.pop()
                    continue
                name, port, i = driver[x]
                c = cells[name]
                t = c['type'].lstrip('\\')
                ins = inputs_of(c)
                sub = blocks.get(t)
                if sub is not None:
                    ins = []  # a block's output starts at its depth from the block's registers (see above)
                todo = [b for b in ins if b not in memo and b not in expanded]
                if todo and x not in expanded:
                    expanded.add(x)
                    stack.extend(todo)
                    continue
                # inputs still open here close a loop (a block's through path is charged from all
                # its inputs, which can loop through the parent): that edge is left out
                ins = [b for b in ins if b in memo]
                br = max(ins, key=lambda b: memo[b][0], default=None)
                bi = max(ins, key=lambda b: memo[b][1], default=None)
                if sub is not None:
                    r0 = sub.reg_out.get(port, {}).get(i, 0)
                    th = sub.through.get(port, {}).get(i, NEG)
                    fr = max(r0, memo[br][0] + th if br is not None else NEG)
                    fi = memo[bi][1] + th if bi is not None else NEG
                    memo[x] = (fr, fi, br if br is not None and memo[br][0] + th > r0 else None)
                else:
                    w = int(is_lut(t))
                    fr = memo[br][0] + w if br is not None else (0 if not ins else NEG)
                    fi = memo[bi][1] + w if bi is not None else NEG
                    memo[x] = (fr, fi, br)
                stack.pop()
            return memo[bit]

        # end points: inputs of sequential cells and blocks (plus the block's depth to its registers),
        # and the module's output ports
        self.longest, end = 0, None
        self.in_reg = {}
        for name, c in cells.items():
            t = c['type'].lstrip('\\')
            sub = blocks.get(t)
            if not (is_seq(t) or sub is not None):
                continue
            for port, bits in c['connections'].items():
                if c['port_directions'].get(port) != 'input' or CLOCK_PIN.fullmatch(port):
                    continue
                for i, b in enumerate(bits):
                    if not isinstance(b, int):
                        continue
                    extra = sub.reg_in.get(port, {}).get(i, NEG) if sub is not None else 0
                    if extra < 0:
                        continue
                    v = value(b)[0] + extra
                    if v > self.longest:
                        self.longest, end = v, (b, '%s.%s' % (name, port), extra)
        self.reg_out, self.through = {}, {}
        for p, d in ports.items():
            if d['direction'] != 'output':
                continue
            for i, b in enumerate(d['bits']):
                if isinstance(b, int):
                    fr, fi, _ = value(b)
                    self.reg_out.setdefault(p, {})[i] = max(fr, 0)
                    if fi >= 0:
                        self.through.setdefault(p, {})[i] = fi
        # depth from each input bit to a register: a backward pass
        self.reg_in = self._to_regs(cells, driver, is_seq, is_lut, blocks, ports, NEG)
        self.path = []
        if end is not None:
            b = end[0]
            self.path.append('end: %s (%d levels inside it)' % (end[1], end[2]))
            while b is not None and b in driver:
                name, port, i = driver[b]
                t = cells[name]['type'].lstrip('\\')
                self.path.append('%s %s (.%s[%d]) at %d levels' % (t, name, port, i, memo[b][0]))
                b = memo[b][2]
            self.path.reverse()
        self.driver_count = len(driver)

    def _to_regs(self, cells, driver, is_seq, is_lut, blocks, ports, NEG):
        fanout = {}
        for name, c in cells.items():
            for port, bits in c['connections'].items():
                if c['port_directions'].get(port) == 'input':
                    for i, b in enumerate(bits):
                        if isinstance(b, int):
                            fanout.setdefault(b, []).append((name, port, i))
        memo, expanded = {}, set()

        def depth(bit):
            stack = [bit]
            while stack:
                x = stack[-1]
                if x in memo:
                    stack.pop()
                    continue
                succ, best, todo = [], NEG, []
                for name, port, i in fanout.get(x, []):
                    c = cells[name]
                    t = c['type'].lstrip('\\')
                    sub = blocks.get(t)
                    if sub is not None:
                        best = max(best, sub.reg_in.get(port, {}).get(i, NEG))
                        continue  # through paths not composed (see above)
                    if is_seq(t):
                        if not CLOCK_PIN.fullmatch(port):
                            best = max(best, 0)
                        continue
                    w = int(is_lut(t))
                    succ += [(b, w) for p, bits in c['connections'].items()
                             if c['port_directions'].get(p) == 'output' for b in bits if isinstance(b, int)]
                todo = [b for b, _ in succ if b not in memo and b not in expanded]
                if todo and x not in expanded:
                    expanded.add(x)
                    stack.extend(todo)
                    continue
                succ = [(b, w) for b, w in succ if b in memo]  # open ones close a loop: left out
                for b, w in succ:
                    if memo[b] >= 0:
                        best = max(best, memo[b] + w)
                memo[x] = best
                stack.pop()
            return memo[bit]
        out = {}
        for p, d in ports.items():
            if d['direction'] == 'input':
                for i, b in enumerate(d['bits']):
                    if isinstance(b, int):
                        v = depth(b)
                        if v >= 0:
                            out.setdefault(p, {})[i] = v
        return out

    def summary(self):
        """(reg-to-reg inside, deepest output from registers, deepest input
        to registers, deepest input-to-output through path or None)."""
        ro = max((v for d in self.reg_out.values() for v in d.values()), default=0)
        ri = max((v for d in self.reg_in.values() for v in d.values()), default=0)
        th = max((v for d in self.through.values() for v in d.values()), default=None)
        return self.longest, ro, ri, th
