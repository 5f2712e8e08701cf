#!/bin/bash
# The board on a read replica (issue 30): three voters (VENUE.md §3) and a fourth machine added as a learner with
# the public board on it; `tengen bench board` opens SSE phones on the learner's board while its desks write to
# the voters. Release build by default (BIN= another directory). SSE=5000 phones, PLAYERS=900, FETCHERS=50 page readers by default.
set -u
B=${BIN:-$(cd "$(dirname "$0")/../.." && pwd)/target/release}
R=$(mktemp -d /tmp/tboard.XXXX)
SSE=${SSE:-5000}
PLAYERS=${PLAYERS:-900}
FETCHERS=${FETCHERS:-50}
ulimit -n "$(ulimit -Hn)"
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
wait_token() { for i in $(seq 200); do [ -s "$1/director.token" ] && return; sleep 0.1; done; }
wait_up() { for i in $(seq 100); do TENGEN_SERVER=$1 TENGEN_CA=$2 TENGEN_TOKEN_FILE=$3 $B/tengen status >/dev/null 2>&1 && return; sleep 0.2; done; echo "not up: $1"; }
P1=$(port); P2=$(port); P3=$(port); P4=$(port); H4=$(port)
$B/tengen-server --data $R/v1 --listen 127.0.0.1:$P1 > $R/v1.log 2>&1 & A=$!
wait_token $R/v1; wait_up https://127.0.0.1:$P1 $R/v1/ca.pem $R/v1/director.token
export TENGEN_CA=$R/v1/ca.pem TENGEN_TOKEN_FILE=$R/v1/director.token
TENGEN_SERVER=https://127.0.0.1:$P1 $B/tengen token create --role replica --name voters > $R/replica.out 2>&1
grep -o 'tgn_[A-Za-z0-9_-]*' $R/replica.out | head -1 > $R/replica.token
kill $A; wait $A 2>/dev/null
for n in 2 3 4; do $B/tengen-server --data $R/v1 cert issue --name 127.0.0.1 --out $R/v$n >/dev/null; done
V="--voter 1=https://127.0.0.1:$P1 --voter 2=https://127.0.0.1:$P2 --voter 3=https://127.0.0.1:$P3 --witness 3 --replica-token-file $R/replica.token"
$B/tengen-server --data $R/v1 --listen 127.0.0.1:$P1 $V --node-id 1 > $R/v1.log 2>&1 & A=$!
$B/tengen-server --data $R/v2 --listen 127.0.0.1:$P2 $V --node-id 2 > $R/v2.log 2>&1 & Bp=$!
$B/tengen-server --data $R/v3 --listen 127.0.0.1:$P3 $V --node-id 3 > $R/v3.log 2>&1 & C=$!
# The new machine names two live voters and itself (VENUE.md, replacing a machine).
$B/tengen-server --data $R/v4 --listen 127.0.0.1:$P4 --voter 1=https://127.0.0.1:$P1 --voter 3=https://127.0.0.1:$P3 \
  --voter 4=https://127.0.0.1:$P4 --witness 3 --replica-token-file $R/replica.token --node-id 4 \
  --public-http 127.0.0.1:$H4 > $R/v4.log 2>&1 & D=$!
sleep 4
export TENGEN_SERVER=https://127.0.0.1:$P1,https://127.0.0.1:$P2
$B/tengen venue add 4 https://127.0.0.1:$P4
$B/tengen venue
echo "== board on the learner, $SSE phones, desks writing to the voters"
$B/tengen bench board --public-http 127.0.0.1:$H4 --sse $SSE --players $PLAYERS --fetchers $FETCHERS 2>&1 | tail -12
kill $A $Bp $C $D; wait 2>/dev/null
echo "data in $R"
