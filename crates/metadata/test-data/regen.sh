#!/usr/bin/env bash
# Rebuilds the fixture DLLs from the C# sources next to this script with Roslyn (C# 7.3) on Mono,
# through the oracle's compiler wrapper (see /work/shared/oracle/README.md; set-up: its setup.sh).
set -euo pipefail
cd "$(dirname "$0")"
ROSLYN="${ORACLE_CACHE:-$HOME/.cache/cs-oracle}/roslyn/RoslynCompile.exe"
REFS=/usr/lib/mono/4.8-api
for src in *.cs; do
    name="${src%.cs}"
    mono "$ROSLYN" -out:"$name.dll" -langversion:7.3 -lib:"$REFS" -lib:"$REFS/Facades" "$src"
    rm -f "$name.pdb"
done
ls -l ./*.dll
