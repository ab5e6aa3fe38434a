"""Resource summary of a Yosys synthesis, shared by bench/synth_core.py and
bench/board_synth.py: cell counts from `stat` output or a netlist, the
family's resource rows (LUTs, flip-flops, block RAM, DSP) against a part's
capacity, and their printed and Markdown forms.

Families (FAMILIES): xcup (AMD UltraScale+, `synth_xilinx -family xcup`)
and polarfire (Microchip PolarFire, `synth_microchip -family polarfire`).
Counted cells: xcup: LUT1..LUT6 + LUT-RAM cells in the LUTs they occupy
(LUTRAM_LUTS below), FD* flip-flops, RAMB18E2/RAMB36E2
(a RAMB18E2 is half a block RAM tile), URAM288, DSP48E2. polarfire:
CFG1..CFG4 (4-input LUTs) + ARI1 (carry-chain LUTs: each is one logic
element's LUT) + 2 per MX4 (4:1 mux, MX4_LUTS), SLE flip-flops, RAM1K20 (LSRAM), RAM64x12 (uSRAM), MACC_PA
(math blocks).
"""
import re

# LUTs a distributed-RAM cell occupies (Xilinx UG474 7-series CLB user guide, "Distributed RAM" table;
# UG574 for UltraScale: the same primitives).
LUTRAM_LUTS = {'RAM32M': 4, 'RAM64M': 4, 'RAM32X1D': 2, 'RAM64X1D': 2, 'RAM128X1D': 4, 'RAM256X1S': 4,
               'RAM32X1S': 1, 'RAM64X1S': 1, 'RAM128X1S': 2, 'RAM32M16': 8, 'RAM64M8': 8, 'RAM256X1D': 8,
               'RAM512X1S': 8}

FAMILIES = {
    'xcup': {
        'synth': 'synth_xilinx -family xcup -flatten -top %s',
        # a block of the hierarchical flow (bench/synth_hier.py): the same; the I/O buffers it inserts on
        # the block's ports (IBUF/OBUF/BUFG) are not counted (same LUTs and flip-flops with -noiopad
        # -noclkbuf, checked on uvs_clint)
        'block': 'synth_xilinx -family xcup -flatten -top %s',
        # cells that start and end a path (registers, RAMs with registered ports, clock buffers,
        # the write side of a LUT-RAM: split_rams)
        'seq': r'FD[CPRS]E?(_1)?|RAMB(18|36)E2|URAM288.*|FIFO.*|SRL.*|BUFG.*|RAMWRITE_.*',
        # cells that count one LUT level (the read side of a LUT-RAM: split_rams)
        'lut': r'LUT[1-6]|RAMREAD_.*',
        # distributed RAMs (UG574 "Distributed RAM"): the read addresses reach the data outputs
        # combinationally; data in, write enable and write clock are a register's inputs
        'ram': r'RAM(32|64|128|256|512)[XM].*',
        'ram_read': r'ADDR[A-H]|A\d|DPRA\d',
    },
    'polarfire': {
        'synth': 'synth_microchip -family polarfire -top %s',  # flattens by default
        'block': 'synth_microchip -family polarfire -noiopad -noclkbuf -top %s',
        'seq': r'SLE|RAM1K20|RAM64x12|MACC_PA.*|RAMWRITE_.*',
        'lut': r'CFG[1-4]|RAMREAD_.*',  # ARI1 (carry) traversed without a level
        # uSRAM: a register at both ends unless its read address bypasses the address
        # register (R_ADDR_BYPASS = 1, an asynchronous read; split_rams)
        'ram': r'RAM64x12',
        'ram_read': r'R_ADDR',
        'lut2': r'MX4',      # two levels (MX4_LUTS below)
    },
}


# A 4:1 mux (Yosys's MX4 cell for PolarFire) has 6 inputs, so it takes two 4-input LUTs of the
# PolarFire logic element (LUT4 + flip-flop + carry, no wider mux): L1 = S1 ? S0 : (S0 ? D1 : D0),
# Y = S1 ? (L1 ? D3 : D2) : L1. Counted as 2 LUTs and 2 levels.
MX4_LUTS = 2


def lut_weight(family):
    """type -> LUT levels the cell adds on a path (0 for carry, mux and DSP cells)."""
    one = re.compile(FAMILIES[family]['lut'])
    two = re.compile(FAMILIES[family].get('lut2', '$^'))
    return lambda t: 2 if two.fullmatch(t) else 1 if one.fullmatch(t) else 0


def split_rams(module, family):
    """For path depths only: a copy of a netlist module in which every RAM cell
    whose read is asynchronous is two cells, RAMREAD_<type> (its read-address
    inputs to its data outputs: one LUT level, as a LUT-RAM read is a LUT) and
    RAMWRITE_<type> (its other inputs: write data, enable, clock; a path ends
    there as at a flip-flop). Without the split a write would seem to reach
    the read data in the same cycle. A PolarFire uSRAM with a registered read
    address or data (R_ADDR_BYPASS or R_DATA_BYPASS = 0) stays whole: a
    register at both ends. Resource counts use the module as it is."""
    fam = FAMILIES[family]
    ram, rd = re.compile(fam.get('ram', '$^')), re.compile(fam.get('ram_read', '$^'))
    cells = {}
    for name, c in module['cells'].items():
        t = c['type'].lstrip('\\')
        conn, dirs = c['connections'], c.get('port_directions', {})
        if not ram.fullmatch(t) or (family == 'polarfire' and (
                conn.get('R_ADDR_BYPASS') != ['1'] or conn.get('R_DATA_BYPASS') != ['1'])):
            cells[name] = c
            continue
        read = {p for p in conn if dirs.get(p) == 'output' or (dirs.get(p) == 'input' and rd.fullmatch(p))}
        cells[name + '$read'] = {'type': 'RAMREAD_' + t, 'port_directions': {p: dirs[p] for p in read},
                                 'connections': {p: conn[p] for p in read}}
        write = {p for p in conn if dirs.get(p) == 'input' and p not in read}
        cells[name + '$write'] = {'type': 'RAMWRITE_' + t, 'port_directions': {p: dirs[p] for p in write},
                                  'connections': {p: conn[p] for p in write}}
    return dict(module, cells=cells)


def misread(log_text):
    """The identifiers a Yosys log says it declared implicitly ("Identifier
    `x' is implicitly declared"): a name the front end did not resolve
    (a struct variable declared in a procedural block, a package's enum
    constant inside its function, a misnamed function result) becomes a
    1-bit wire, and the logic behind it is misread and optimized away
    (issue 15, session 17). Empty for a design read right."""
    return re.findall(r"Identifier `([^']*)' is implicitly declared", log_text)


def misread_error(log_text, log_path):
    """The flows' refusal of a misread design (misread above): the error
    message naming the first such identifier and the log, or None."""
    bad = misread(log_text)
    if not bad:
        return None
    return ('yosys read %d identifiers as implicitly declared wires (first: %s): the design '
            'would be misread and undercounted (log %s)' % (len(bad), bad[0], log_path))


def parse_stat(path):
    """{cell type: count} summed over every module section of a Yosys `stat` text."""
    cells = {}
    for m in re.finditer(r'^\s+(\d+)\s+(\S+)\s*$|^\s+(\S+)\s+(\d+)\s*$', open(path).read(), flags=re.M):
        n, c = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        c = c.lstrip('\\')
        cells[c] = cells.get(c, 0) + int(n)
    return cells


def netlist_cells(module):
    """{cell type: count} of one module of a Yosys JSON netlist."""
    cells = {}
    for c in module['cells'].values():
        t = c['type'].lstrip('\\')
        cells[t] = cells.get(t, 0) + 1
    return cells


def count(cells, pat):
    return sum(n for c, n in cells.items() if re.fullmatch(pat, c))


def resource_rows(family, cells, cap=None):
    """[(resource, used, part capacity or None)] for the family's cells."""
    cap = cap or {}
    if family == 'xcup':
        return [('LUTs (logic + LUT-RAM)', count(cells, r'LUT[1-6]') +
                 sum(n * LUTRAM_LUTS.get(c, 0) for c, n in cells.items()), cap.get('lut')),
                ('flip-flops', count(cells, r'FD[CPRS]E?(_1)?'), cap.get('ff')),
                ('block RAM tiles (RAMB36E2 + RAMB18E2 / 2)',
                 count(cells, r'RAMB36E2') + count(cells, r'RAMB18E2') / 2, cap.get('bram')),
                ('UltraRAM (URAM288)', count(cells, r'URAM288.*'), cap.get('uram')),
                ('DSP48E2', count(cells, r'DSP48E2'), cap.get('dsp')),
                ('INV (not in the LUTs above: Vivado folds them into the LUTs they feed, else a LUT1 each)',
                 count(cells, r'INV'), None)]
    return [('4-input LUTs (CFG1..4 + ARI1 + 2 per MX4)', count(cells, r'CFG[1-4]') + count(cells, r'ARI1') +
             MX4_LUTS * count(cells, r'MX4'), cap.get('lut')),
            ('flip-flops (SLE)', count(cells, r'SLE'), cap.get('ff')),
            ('LSRAM (RAM1K20)', count(cells, r'RAM1K20'), cap.get('bram')),
            ('uSRAM (RAM64x12)', count(cells, r'RAM64x12'), cap.get('usram')),
            ('math blocks (MACC_PA)', count(cells, r'MACC_PA.*'), cap.get('dsp'))]


def share(used, total):
    return '%.1f %%' % (100.0 * used / total) if total else '-'


def markdown_rows(rows):
    """The rows as a Markdown table (resource, used, part, share)."""
    md = ['| resource | used | part | share |', '|---|---:|---:|---:|']
    for name, used, total in rows:
        md.append('| %s | %s | %s | %s |' % (name, '{:,}'.format(int(used)) if used == int(used) else '%g' % used,
                                             '{:,}'.format(total) if total else '-', share(used, total)))
    return md


def print_rows(prefix, rows):
    for name, used, total in rows:
        print('%s: %s %g of %s%s' % (prefix, name, used, '{:,}'.format(total) if total else '-',
                                     ' (%s)' % share(used, total) if total else ''))
