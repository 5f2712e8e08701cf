#!/bin/bash
# Measures durable registrations/s for 16 desks: the primary alone, then a primary with a synchronous standby
# (`--follow`, deploy/VENUE.md §3b) on this machine, with the release build (cargo build --release
# -p tengen-server -p tengen-client), and the CPU seconds each server spent. COUNT=10000 by default; BIN= another
# directory holding both binaries; MODE=async: a standby the answers do not wait for; SD= the standby's data
# directory (e.g. on /dev/shm); PERF=1: perf record both servers; COUNT_FSYNC=1: count their fsyncs and switches.
set -u
B=${BIN:-$(cd "$(dirname "$0")/../.." && pwd)/target/release}
R=$(mktemp -d /tmp/tbench.XXXX)
COUNT=${COUNT:-10000}
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
cpu() { awk '{printf "%.2f", ($14+$15)/100}' /proc/$1/stat; }
wait_token() { for i in $(seq 200); do [ -s "$1/director.token" ] && return; sleep 0.1; done; }
wait_up() { for i in $(seq 100); do TENGEN_SERVER=$1 TENGEN_CA=$2 TENGEN_TOKEN_FILE=$3 $B/tengen status >/dev/null 2>&1 && return; sleep 0.2; done; echo "not up: $1"; }
bench() { TENGEN_SERVER=$1 TENGEN_CA=$2 TENGEN_TOKEN_FILE=$3 $B/tengen bench registrations --desks 16 --count $COUNT 2>&1 | tail -4; }
# 1. alone
P1=$(port); $B/tengen-server --data $R/alone --listen 127.0.0.1:$P1 > $R/alone.log 2>&1 & A=$!
wait_token $R/alone; wait_up https://127.0.0.1:$P1 $R/alone/ca.pem $R/alone/director.token
C0=$(cpu $A)
echo "== primary alone ($(uptime | sed 's/.*load/load/'))"; bench https://127.0.0.1:$P1 $R/alone/ca.pem $R/alone/director.token
echo "cpu seconds during the bench: primary $(echo "$(cpu $A) - $C0" | bc)"
kill $A; wait $A 2>/dev/null
# 2. primary and synchronous standby
P1=$(port); P2=$(port)
$B/tengen-server --data $R/p --listen 127.0.0.1:$P1 > $R/p.log 2>&1 & A=$!
wait_token $R/p; wait_up https://127.0.0.1:$P1 $R/p/ca.pem $R/p/director.token
TENGEN_SERVER=https://127.0.0.1:$P1 TENGEN_CA=$R/p/ca.pem TENGEN_TOKEN_FILE=$R/p/director.token $B/tengen token create --role replica --name standby > $R/replica.out 2>&1
grep -o 'tgn_[A-Za-z0-9_-]*' $R/replica.out | head -1 > $R/replica.token
kill $A; wait $A 2>/dev/null
$B/tengen-server --data $R/p cert issue --name 127.0.0.1 --out ${SD:=$R/s} >/dev/null
$B/tengen-server --data $R/p --listen 127.0.0.1:$P1 --replication ${MODE:-sync} --peer https://127.0.0.1:$P2 \
    --replica-token-file $R/replica.token > $R/p.log 2>&1 & A=$!
wait_up https://127.0.0.1:$P1 $R/p/ca.pem $R/p/director.token
$B/tengen-server --data $SD --listen 127.0.0.1:$P2 --follow https://127.0.0.1:$P1 \
    --replica-token-file $R/replica.token > $R/s.log 2>&1 & S=$!
for i in $(seq 100); do
    TENGEN_SERVER=https://127.0.0.1:$P1 TENGEN_CA=$R/p/ca.pem TENGEN_TOKEN_FILE=$R/p/director.token $B/tengen status 2>/dev/null \
        | grep -qi 'standby.*acknowledged\|standby_acked\|acked' && break
    sleep 0.2
done
sleep 1
[ -n "${COUNT_FSYNC:-}" ] && { perf stat -e syscalls:sys_enter_fsync,syscalls:sys_enter_fdatasync,context-switches -p $S -o $R/stat-s.txt 2>/dev/null & PS=$!; perf stat -e syscalls:sys_enter_fsync,syscalls:sys_enter_fdatasync,context-switches -p $A -o $R/stat-p.txt 2>/dev/null & PP=$!; sleep 0.5; }
[ -n "${PERF:-}" ] && { perf record -F 3999 -g -o $R/perf-p.data -p $A 2>/dev/null & PP=$!; perf record -F 3999 -g -o $R/perf-s.data -p $S 2>/dev/null & PS=$!; sleep 0.5; }
C0=$(cpu $A); C1=$(cpu $S)
echo "== primary with a ${MODE:-sync} standby ($(uptime | sed 's/.*load/load/'))"; bench https://127.0.0.1:$P1 $R/p/ca.pem $R/p/director.token
TENGEN_SERVER=https://127.0.0.1:$P1 TENGEN_CA=$R/p/ca.pem TENGEN_TOKEN_FILE=$R/p/director.token $B/tengen status 2>&1 | grep -i 'standby\|alarm\|last' | head -6
[ -n "${PERF:-}${COUNT_FSYNC:-}" ] && { kill -INT $PP $PS; wait $PP $PS 2>/dev/null; }
[ -n "${COUNT_FSYNC:-}" ] && grep -h "syscalls\|context" $R/stat-p.txt $R/stat-s.txt
echo "cpu seconds during the bench: primary $(echo "$(cpu $A) - $C0" | bc), standby $(echo "$(cpu $S) - $C1" | bc)"
kill $A $S; wait 2>/dev/null
echo "data in $R"
