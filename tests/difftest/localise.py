#!/usr/bin/env python3
"""localise.py - first divergent instruction of a differential-test mismatch.

Usage: localise.py CORE_RETIRE_LOG QEMU_CPU_LOG SIGILL_HANDLER_ADDR BODY_END_ADDR

CORE_RETIRE_LOG: `uvmsoc-sim --log-retired` (architecture.md "Simulator":
"CYCLE HART PC INSN xRD WDATA", "- -" without a destination; trapping
instructions do not retire). QEMU_CPU_LOG: `qemu-riscv64 -singlestep -d cpu`
(the state before each instruction: " pc  <hex>" then "xN/name <hex>" pairs).
(`-dfilter` may restrict it to the body and the handler.) SIGILL_HANDLER_ADDR:
dt_sigill in the Linux ELF (hex); a QEMU step followed by it trapped, so it
is dropped like the core's trapped instructions. BODY_END_ADDR: the body's
`difftest_end` (hex), where the epilogue, whose jump to the harness differs
by design, begins.

Only body instructions (difftest.h DT_BODY_ADDR .. difftest_end) are
compared: their sequence of pcs, then the value each writes to its
destination register. Prints the first divergence and exits 1; prints
"no divergence" and exits 0 if the body's register writes all agree (the
difference is then in memory or in the dump); exits 2 on unreadable input.
"""
import re
import sys

BODY_LO = 0x80010000  # difftest.h DT_BODY_ADDR
BODY_HI = 0x80200000  # DT_BODY_LIMIT until main() reads difftest_end


def in_body(pc):
    return BODY_LO <= pc < BODY_HI


def core_steps(path):
    """(pc, insn, rd, wdata) of each retired body instruction."""
    steps = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) != 6:
                continue
            pc = int(w[2], 16)
            if not in_body(pc):
                continue
            rd = None if w[4] == '-' else int(w[4][1:])
            steps.append((pc, w[3], rd, None if rd is None else int(w[5], 16)))
    return steps


def qemu_states(path):
    """(pc, regs[32]) before each instruction QEMU executed."""
    states, pc, regs = [], None, None
    reg_re = re.compile(r'x(\d+)/\w+\s+([0-9a-f]{16})')
    with open(path) as f:
        for line in f:
            m = re.match(r'\s*pc\s+([0-9a-f]+)\s*$', line)
            if m:
                if pc is not None:
                    states.append((pc, regs))
                pc, regs = int(m.group(1), 16), [0] * 32
                continue
            if pc is not None:
                for n, v in reg_re.findall(line):
                    regs[int(n)] = int(v, 16)
    if pc is not None:
        states.append((pc, regs))
    return states


def qemu_steps(states, handler):
    """(pc, regs after) of each body instruction that did not trap."""
    steps = []
    for i, (pc, _) in enumerate(states[:-1]):
        nxt_pc, nxt_regs = states[i + 1]
        if in_body(pc) and nxt_pc != handler:
            steps.append((pc, nxt_regs))
    return steps


def main():
    global BODY_HI
    if len(sys.argv) != 5:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        return 2
    try:
        BODY_HI = int(sys.argv[4], 16)
        core = core_steps(sys.argv[1])
        qemu = qemu_steps(qemu_states(sys.argv[2]), int(sys.argv[3], 16))
    except (OSError, ValueError) as e:
        print(f'localise: {e}', file=sys.stderr)
        return 2
    for k, ((cpc, insn, rd, wdata), (qpc, qregs)) in enumerate(zip(core, qemu)):
        if cpc != qpc:
            prev = f' after pc {core[k - 1][0]:016x}' if k else ''
            print(f'first divergence: body instruction {k}{prev}: control flow: '
                  f'core pc {cpc:016x}, qemu-user pc {qpc:016x}')
            return 1
        if rd and qregs[rd] != wdata:
            print(f'first divergence: body instruction {k} at pc {cpc:016x} (insn {insn}): '
                  f'x{rd}: core {wdata:016x}, qemu-user {qregs[rd]:016x}')
            return 1
    if len(core) != len(qemu):
        print(f'first divergence: after {min(len(core), len(qemu))} body instructions: '
              f'core retired {len(core)}, qemu-user {len(qemu)}')
        return 1
    print(f'no divergence in the register writes of {len(core)} body instructions')
    return 0


if __name__ == '__main__':
    sys.exit(main())
