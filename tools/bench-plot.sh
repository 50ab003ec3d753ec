#!/bin/bash
# tools/bench-plot.sh - draw make bench's table as pictures for a lecture.
#
#   tools/bench-plot.sh build/bench-table.txt
#
# One PNG per group of rows, in build/, one bar per kernel column (the
# reverse map's history from left to right: pte_chain, objrmap with lists,
# objrmap with the tree, anon_vma, Linux):
#   bench-fork.png    instructions per fork + exit: anonymous, shared
#                     file and private file memory;
#   bench-morton.png  Morton's worst case under reclaim: instructions and
#                     VMAs visited per unmapped PTE (log scale);
#   bench-memory.png  reverse-map memory held: pte_chain nodes and
#                     anon_vmas, 32 processes sharing a file and one
#                     forked child of an anonymous process.
# A figure a kernel did not print ("-") is left out.  Without gnuplot
# (make bench installs gnuplot-nox) it says so and draws nothing.
set -eu

cd "$(dirname "$0")/.."

table=${1:-build/bench-table.txt}
if ! command -v gnuplot >/dev/null 2>&1; then
	echo "bench-plot: no gnuplot, no pictures" >&2
	exit 0
fi

# rows OUT BENCHMARK:METRIC...: those rows of the table, labelled, into OUT.
rows() {
	local out=$1 want

	shift
	head -n 1 "$table" | sed 's/^benchmark *metric/label/' >"$out"
	for want in "$@"; do
		awk -v b="${want%%:*}" -v m="${want#*:}" '
		$1 == b && $2 == m {
			printf "%s/%s", b, m
			for (i = 3; i <= NF; i++) printf " %s", $i
			printf "\n"
		}' "$table" >>"$out"
	done
}

# plot OUT TITLE YLABEL DATA [log]: a clustered bar chart of DATA.
plot() {
	local out=$1 title=$2 ylabel=$3 data=$4 scale=${5:-}
	local cols

	cols=$(head -n 1 "$data" | wc -w)
	gnuplot <<-GNUPLOT
		set terminal pngcairo size 1000,560 font ",11"
		set output "$out"
		set title "$title"
		set ylabel "$ylabel"
		set datafile missing "-"
		set style data histograms
		set style histogram clustered gap 1
		set style fill solid 0.8 border -1
		set termoption noenhanced
		set key outside right top autotitle columnheader
		set xtics rotate by -15
		set grid ytics
		$( [ "$scale" = log ] && echo "set logscale y" )
		plot for [c=2:$cols] "$data" using c:xtic(1)
	GNUPLOT
	echo "bench-plot: $out"
}

rows build/bench-fork.dat fork_exit_anon:ticks_per_fork \
	fork_exit_file:ticks_per_fork fork_exit_private:ticks_per_fork
plot build/bench-fork.png "fork + exit of a process with 4 MiB touched" \
	"guest instructions per fork" build/bench-fork.dat

rows build/bench-morton.dat morton:per_unmap_walk_ticks morton:per_unmap_vmas_x100
plot build/bench-morton.png \
	"Morton's worst case: one file as 2000 one-page VMAs in 4 processes, reclaimed" \
	"per unmapped PTE: walk instructions, VMAs x100" build/bench-morton.dat log

rows build/bench-memory.dat file_map_many:held_slab_pte_chain \
	file_map_many:held_slab_anon_vma fork_exit_anon:held_slab_pte_chain \
	fork_exit_anon:held_slab_anon_vma
plot build/bench-memory.png "reverse-map objects held (slab)" \
	"objects" build/bench-memory.dat
