#!/usr/bin/env python3
"""Unit test of bench/synth_hier.py (tests/synth.tests): the partition of a
small elaborated design (cut modules, same-cost variants, instance counts)
and the longest path composed across blocks, on hand-written inputs whose
answers are worked out below. Exit 0 when every check holds, else 1 with
the failing check."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'bench'))
import synth_hier  # noqa: E402

# top -> mid (flattened) -> 2 x leaf (HART_ID 0 and 1: one same-cost variant), top -> 1 x leaf HART_ID 2,
# top -> shell (black box)
IL = r"""
attribute \blackbox 1
module \shell
  wire input 1 \a
end
module $paramod\leaf\HART_ID=0
  parameter \HART_ID 0
  parameter \W 8
end
module $paramod\leaf\HART_ID=1
  parameter \HART_ID 1
  parameter \W 8
end
module $paramod\leaf\HART_ID=2
  parameter \HART_ID 2
  parameter \W 8
end
module $paramod\leaf\W=4
  parameter \HART_ID 0
  parameter \W 4
end
module \mid
  cell $paramod\leaf\HART_ID=0 u0
  end
  cell $paramod\leaf\HART_ID=1 u1
  end
  cell $paramod\leaf\W=4 u2
  end
  cell $and g
  end
end
module \top
  cell \mid m
  end
  cell $paramod\leaf\HART_ID=2 l
  end
  cell \shell s
  end
end
"""


def check(what, got, want):
    if got != want:
        print('FAIL %s: got %r, expected %r' % (what, got, want))
        sys.exit(1)


def bits(n, start):
    return list(range(start, start + n))


def cell(t, conns, dirs):
    return {'type': t, 'connections': conns, 'port_directions': dirs}


def main():
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, 'elab.il')
        open(p, 'w').write(IL)
        design = synth_hier.Design(p, 'top')
    blocks, reps, counts, below = design.partition(('leaf',), ('HART_ID',))
    names = {synth_hier.base_name(m) + ('4' if 'W=4' in m else '') for m in blocks}
    check('blocks (mid flattened into top; HART_ID variants once; W=4 its own)', names, {'top', 'leaf', 'leaf4'})
    w8 = reps['$paramod\\leaf\\HART_ID=2']
    check('HART_ID variants share one representative', {reps[m] for m in reps if 'HART_ID=' in m}, {w8})
    check('instances of the 8-bit leaf (2 through mid + 1)', counts[w8], 3)
    check('instances of the 4-bit leaf', counts[reps['$paramod\\leaf\\W=4']], 1)
    check('blocks below top', sorted(below['\\top'].values()), [1, 3])
    check('shell is a black box, not a block', '\\shell' in design.blackbox and '\\shell' not in blocks, True)

    # leaf: a -> LUT (1) -> FF; FF -> LUT -> LUT (2) -> c; a -> LUT -> s (through, 1)
    LUT, FF = 'LUT2', 'FDRE'
    leaf = {'ports': {'a': {'direction': 'input', 'bits': [2]}, 'c': {'direction': 'output', 'bits': [10]},
                      's': {'direction': 'output', 'bits': [11]}},
            'cells': {'l1': cell(LUT, {'I0': [2], 'O': [3]}, {'I0': 'input', 'O': 'output'}),
                      'ff': cell(FF, {'D': [3], 'Q': [4]}, {'D': 'input', 'Q': 'output'}),
                      'l2': cell(LUT, {'I0': [4], 'O': [5]}, {'I0': 'input', 'O': 'output'}),
                      'l3': cell(LUT, {'I0': [5], 'O': [10]}, {'I0': 'input', 'O': 'output'}),
                      'l4': cell(LUT, {'I0': [2], 'I1': [4], 'O': [11]},
                                 {'I0': 'input', 'I1': 'input', 'O': 'output'})}}
    seq = (lambda t: t == FF)
    lut = (lambda t: t == LUT)
    dl = synth_hier.Depths(leaf, seq, lut, {})
    check('leaf: reg-to-reg, out, in, through', dl.summary(), (0, 2, 1, 1))
    # top: x -> leaf u0 .a; u0 .c -> LUT -> u1 .a (2 + 1 + 1 = 4);
    # u0 .s (from u0's registers: 1) -> LUT -> LUT -> FF: 3; shell input ends at 0
    top = {'ports': {'x': {'direction': 'input', 'bits': [2]}},
           'cells': {'u0': cell('leaf', {'a': [2], 'c': [20], 's': [21]},
                                {'a': 'input', 'c': 'output', 's': 'output'}),
                     'g': cell(LUT, {'I0': [20], 'O': [22]}, {'I0': 'input', 'O': 'output'}),
                     'u1': cell('leaf', {'a': [22], 'c': [30], 's': [31]},
                                {'a': 'input', 'c': 'output', 's': 'output'}),
                     'h1': cell(LUT, {'I0': [21], 'O': [23]}, {'I0': 'input', 'O': 'output'}),
                     'h2': cell(LUT, {'I0': [23], 'O': [24]}, {'I0': 'input', 'O': 'output'}),
                     'f': cell(FF, {'D': [24], 'Q': [25]}, {'D': 'input', 'Q': 'output'}),
                     's': cell('shell', {'a': [31]}, {'a': 'input'})}}
    dt = synth_hier.Depths(top, lambda t: seq(t) or t == 'shell', lut, {'leaf': dl})
    check('top: longest path across the blocks (u0 .c 2 + LUT + u1 .a 1)', dt.longest, 4)
    check('top: the path ends in u1', dt.path[-1].startswith('end: u1.a'), True)
    check('top: input x to registers (x -> u0 .a: 1; the through path x -> u0 .s is not composed)',
          dt.reg_in, {'x': {0: 1}})
    check('top: u0 .s starts at its depth from u0\'s registers (1), + 2 LUTs to f = 3 < 4',
          dt.longest, 4)
    print('synth_hier: partition and composed depths as expected')
    return 0


if __name__ == '__main__':
    sys.exit(main())
