#!/bin/bash
# Measures durable registrations/s for 16 desks: the primary alone, then three voters (VENUE.md §3) on this
# machine, with the release build (cargo build --release -p tengen-server -p tengen-client). COUNT=20000 by default.
set -u
B=${BIN:-$(cd "$(dirname "$0")/../.." && pwd)/target/release}
R=$(mktemp -d /tmp/tbench.XXXX)
COUNT=${COUNT:-20000}
DESKS=${DESKS:-16}
port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
wait_token() { for i in $(seq 200); do [ -s "$1/director.token" ] && return; sleep 0.1; done; }
wait_up() { for i in $(seq 100); do TENGEN_SERVER=$1 TENGEN_CA=$2 TENGEN_TOKEN_FILE=$3 $B/tengen status >/dev/null 2>&1 && return; sleep 0.2; done; echo "not up: $1"; }
bench() { TENGEN_SERVER=$1 TENGEN_CA=$2 TENGEN_TOKEN_FILE=$3 $B/tengen bench registrations --desks $DESKS --count $COUNT 2>&1 | tail -4; }
# 1. alone
P1=$(port); $B/tengen-server --data $R/alone --listen 127.0.0.1:$P1 > $R/alone.log 2>&1 & A=$!
wait_token $R/alone; wait_up https://127.0.0.1:$P1 $R/alone/ca.pem $R/alone/director.token
echo "== primary alone"; bench https://127.0.0.1:$P1 $R/alone/ca.pem $R/alone/director.token
kill $A; wait $A 2>/dev/null
# 2. three voters
P1=$(port); P2=$(port); P3=$(port)
$B/tengen-server --data $R/v1 --listen 127.0.0.1:$P1 > $R/v1.log 2>&1 & A=$!
wait_token $R/v1; wait_up https://127.0.0.1:$P1 $R/v1/ca.pem $R/v1/director.token
TENGEN_SERVER=https://127.0.0.1:$P1 TENGEN_CA=$R/v1/ca.pem TENGEN_TOKEN_FILE=$R/v1/director.token $B/tengen token create --role replica --name voters > $R/replica.out 2>&1
grep -o 'tgn_[A-Za-z0-9_-]*' $R/replica.out | head -1 > $R/replica.token
kill $A; wait $A 2>/dev/null
$B/tengen-server --data $R/v1 cert issue --name 127.0.0.1 --out $R/v2 >/dev/null
$B/tengen-server --data $R/v1 cert issue --name 127.0.0.1 --out $R/v3 >/dev/null
V="--voter 1=https://127.0.0.1:$P1 --voter 2=https://127.0.0.1:$P2 --voter 3=https://127.0.0.1:$P3 --witness 3 --replica-token-file $R/replica.token"
$B/tengen-server --data $R/v1 --listen 127.0.0.1:$P1 $V --node-id 1 > $R/v1.log 2>&1 & A=$!
$B/tengen-server --data $R/v2 --listen 127.0.0.1:$P2 $V --node-id 2 > $R/v2.log 2>&1 & Bp=$!
$B/tengen-server --data $R/v3 --listen 127.0.0.1:$P3 $V --node-id 3 > $R/v3.log 2>&1 & C=$!
sleep 4
echo "== three voters (both laptops listed)"; bench https://127.0.0.1:$P1,https://127.0.0.1:$P2 $R/v1/ca.pem $R/v1/director.token
kill $A $Bp $C; wait 2>/dev/null
echo "data in $R"
