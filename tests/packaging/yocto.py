#!/usr/bin/env python3
"""tests/packaging/yocto.py: the Yocto layer (packaging/yocto/meta-uvmsoc)
checked without BitBake (not installable here).

1. layer.conf sets what a layer needs (BBPATH, BBFILES, BBFILE_COLLECTIONS,
   BBFILE_PATTERN_uvmsoc, BBFILE_PRIORITY_uvmsoc, LAYERSERIES_COMPAT_uvmsoc)
   and its BBFILES pattern finds the recipe; the recipe sets SUMMARY, LICENSE,
   DEPENDS with elfutils and dtc, inherits pkgconfig, and defines do_compile
   and do_install; its default EXTERNALSRC is this tree.
2. do_compile and do_install run the way BitBake runs them: the recipe's
   variables expanded into a shell script (an unknown variable is an error),
   oe_runmake = make $EXTRA_OEMAKE, with OE's variables standing for an
   aarch64 target (Debian's aarch64-linux-gnu-gcc and the arm64 sysroot of
   make CROSS=aarch64). The image directory ${D} is then checked by
   tests/cross/check-stage.sh.
Usage: yocto.py BUILD_DIR   Exit 0 when all holds.
"""
import glob, os, re, subprocess, sys, tempfile

LAYER = os.environ.get("YOCTO_LAYER", "packaging/yocto/meta-uvmsoc")


def parse(path):
    """Assignments (VAR op "value", line continuations joined) and shell functions of a BitBake file."""
    text = open(path).read().replace("\\\n", "")
    vars_, funcs, inherits = {}, {}, []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^(\w+)\(\)\s*\{\s*$', line)
        if m:
            body = []
            i += 1
            while lines[i] != "}":
                body.append(lines[i])
                i += 1
            funcs[m.group(1)] = "\n".join(body)
        elif line.startswith("inherit "):
            inherits += line.split()[1:]
        else:
            m = re.match(r'^([\w:${}\[\]-]+)\s*(\?\?=|\?=|\+=|\.=|=)\s*"(.*)"\s*$', line)
            if m:
                k, op, v = m.groups()
                if op in ("+=", ".=") and k in vars_:
                    v = vars_[k] + (" " if op == "+=" else "") + v
                if op in ("?=", "??=") and k in vars_:
                    v = vars_[k]
                vars_[k] = v
            elif line.strip() and not line.lstrip().startswith("#"):
                raise SystemExit(f"{path}: cannot parse: {line}")
        i += 1
    return vars_, funcs, inherits


def expand(s, env, what):
    def one(m):
        name = m.group(1)
        if name.startswith("@"):
            return str(eval(name[1:], {"os": os, "d": env["__d"]}))
        if name not in env:
            raise SystemExit(f"{what}: unknown variable ${{{name}}}")
        return expand(env[name], env, what)
    return re.sub(r"\$\{(@[^}]*\)\)|[\w:-]+)\}", one, s)


def main():
    build = sys.argv[1]
    err = []
    lv, _, _ = parse(f"{LAYER}/conf/layer.conf")
    for k in ("BBPATH", "BBFILES", "BBFILE_COLLECTIONS", "BBFILE_PATTERN_uvmsoc", "BBFILE_PRIORITY_uvmsoc",
              "LAYERSERIES_COMPAT_uvmsoc"):
        if k not in lv:
            err.append(f"layer.conf lacks {k}")
    layerdir = os.path.abspath(LAYER)
    found = []
    for pat in lv.get("BBFILES", "").split():
        found += glob.glob(pat.replace("${LAYERDIR}", layerdir))
    recipes = [f for f in found if f.endswith(".bb")]
    if len(recipes) != 1:
        raise SystemExit(f"BBFILES finds {recipes}, expected one recipe")
    recipe = recipes[0]
    if not re.match(r"^[a-z0-9-]+_[0-9][\w.+-]*\.bb$|^[a-z0-9-]+_git\.bb$", os.path.basename(recipe)):
        err.append(f"{recipe}: not named PN_PV.bb")
    rv, funcs, inherits = parse(recipe)
    for k in ("SUMMARY", "LICENSE", "DEPENDS", "EXTRA_OEMAKE"):
        if k not in rv:
            err.append(f"{recipe} lacks {k}")
    deps = rv.get("DEPENDS", "").split()
    if "elfutils" not in deps or "dtc" not in deps:
        err.append(f"DEPENDS = {deps}: needs elfutils and dtc")
    if "pkgconfig" not in inherits:
        err.append("the recipe does not inherit pkgconfig")
    for f in ("do_compile", "do_install"):
        if f not in funcs:
            err.append(f"the recipe has no {f}")
    if err:
        print("\n".join(err))
        return 1

    sysroot = os.path.realpath(f"{build}/cross-aarch64/sysroot")
    if not os.path.exists(f"{sysroot}/.uvmsoc-sysroot"):
        print("no arm64 sysroot: run make CROSS=aarch64 first")
        return 1
    lib = f"{sysroot}/usr/lib/aarch64-linux-gnu"
    work = tempfile.mkdtemp(prefix="uvs-yocto.")

    class D:
        def getVar(self, name):
            return env[name]
    env = dict(rv)
    env.update({
        "__d": D(), "THISDIR": os.path.dirname(os.path.abspath(recipe)),
        "CC": "aarch64-linux-gnu-gcc", "AR": "aarch64-linux-gnu-ar", "BUILD_CC": "gcc",
        "CFLAGS": f"-O2 -I{sysroot}/usr/include",
        "LDFLAGS": f"-L{lib} -Wl,-rpath-link,{lib}:{sysroot}/lib/aarch64-linux-gnu -Wl,--hash-style=gnu",
        "B": f"{work}/build", "D": f"{work}/image", "prefix": "/usr", "datadir": "/usr/share",
        "PN": "uvmsoc", "PACKAGECONFIG_CONFARGS": "",
    })
    env["S"] = expand(env["EXTERNALSRC"], env, "EXTERNALSRC")
    if os.path.realpath(env["S"]) != os.path.realpath("."):
        print(f"EXTERNALSRC is {env['S']}, expected this tree {os.path.realpath('.')}")
        return 1
    os.makedirs(env["B"])
    script = "set -e\n"
    script += "oe_runmake() { make -s " + expand(env["EXTRA_OEMAKE"], env, "EXTRA_OEMAKE") + ' "$@"; }\n'
    for f in ("do_compile", "do_install"):
        script += f"{f}() {{\n{expand(funcs[f], env, f)}\n}}\n"
    script += f'cd {env["B"]} && do_compile && do_install\n'
    r = subprocess.run(["bash", "-c", script])
    if r.returncode != 0:
        print("do_compile/do_install failed")
        return 1
    r = subprocess.run(["tests/cross/check-stage.sh", env["D"], sysroot])
    subprocess.run(["rm", "-rf", work])
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
