#!/usr/bin/python3 -s
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Generates the man pages and the bash completion of `kwb` from its own --help text, so both always
describe the binary they ship with.

Usage: gen_cli_docs.py KWB_BINARY OUT_DIR
Writes OUT_DIR/man/kwb.1, OUT_DIR/man/kwb-COMMAND.1 for every command (each also gzipped, as Debian installs
man pages), and OUT_DIR/completion/kwb."""
import datetime
import gzip
import os
import re
import subprocess
import sys


def help_text(kwb, *args):
    done = subprocess.run([kwb, *args, "--help"], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        sys.exit("gen_cli_docs: '%s %s --help' exited %d: %s" % (kwb, " ".join(args), done.returncode, done.stderr))
    return done.stdout


def commands_of(top):
    """(name, summary) of each line under 'Commands:'."""
    out, inside = [], False
    for line in top.splitlines():
        if line.strip() == "Commands:":
            inside = True
            continue
        if inside:
            m = re.match(r"^  (\S+)\s+(.*)$", line)
            if not m:
                break
            out.append((m.group(1), m.group(2).strip()))
    if not out:
        sys.exit("gen_cli_docs: no 'Commands:' section in kwb --help")
    return out


def options_of(text):
    """Every --long and -s option the help text lists (one per line, indented)."""
    opts = []
    for line in text.splitlines():
        m = re.match(r"^\s+((?:-\w, )?--?[\w-]+)", line)
        if m:
            opts += [o.strip() for o in m.group(1).split(",")]
    return sorted(set(opts))


def roff_escape(s):
    s = s.replace("\\", "\\e")
    return "\n".join(("\\&" + l if l.startswith((".", "'")) else l) for l in s.splitlines())


def man_page(name, summary, text, version, see_also):
    epoch = os.environ.get("SOURCE_DATE_EPOCH")  # reproducible builds set it
    when = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch else datetime.datetime.now()
    date = when.strftime("%Y-%m-%d")
    lines = [
        '.TH "%s" 1 "%s" "kwb %s" "Kernel Review Workbench"' % (name.upper(), date, version),
        ".SH NAME",
        "%s \\- %s" % (name.replace("-", "\\-"), roff_escape(summary)),
        ".SH DESCRIPTION",
        ".nf",
        roff_escape(text.rstrip()),
        ".fi",
        ".SH SEE ALSO",
        ", ".join("\\fB%s\\fR(1)" % s.replace("-", "\\-") for s in see_also),
        "",
    ]
    return "\n".join(lines)


def write_page(path, text):
    with open(path, "w") as f:
        f.write(text)
    # mtime 0 and no file name inside: the same page gives the same bytes (reproducible packages).
    with open(path + ".gz", "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as z:
        z.write(text.encode())


def completion(commands, options):
    cases = []
    for name, _ in commands:
        cases.append('        %s) opts="%s" ;;' % (name, " ".join(options[name])))
    names = " ".join(n for n, _ in commands)
    return """# bash completion for kwb (generated from 'kwb --help' by packaging/gen_cli_docs.py)
_kwb()
{
    local cur cmd opts i
    cur="${COMP_WORDS[COMP_CWORD]}"
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            -*) ;;
            *) cmd="${COMP_WORDS[i]}"; break ;;
        esac
    done
    if [[ -z "$cmd" ]]; then
        COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
        return
    fi
    case "$cmd" in
%s
        *) opts="" ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
        compopt -o filenames 2>/dev/null
    fi
}
complete -F _kwb kwb
""" % (names, "\n".join(cases))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    kwb, out = sys.argv[1], sys.argv[2]
    version = subprocess.run([kwb, "--version"], capture_output=True, text=True).stdout.split()[1]
    top = help_text(kwb)
    commands = commands_of(top)
    os.makedirs(os.path.join(out, "man"), exist_ok=True)
    os.makedirs(os.path.join(out, "completion"), exist_ok=True)
    pages = ["kwb-" + n for n, _ in commands]
    write_page(os.path.join(out, "man", "kwb.1"),
               man_page("kwb", "review GPU-kernel tasks from the command line", top, version, ["kernel-workbench"] + pages))
    options = {}
    for name, summary in commands:
        text = help_text(kwb, name)
        options[name] = options_of(text)
        write_page(os.path.join(out, "man", "kwb-%s.1" % name), man_page("kwb-" + name, summary, text, version, ["kwb"]))
    with open(os.path.join(out, "completion", "kwb"), "w") as f:
        f.write(completion(commands, options))


if __name__ == "__main__":
    main()
