#!/usr/bin/env bash
# Creates a token for one desk and writes a ready-to-copy config folder for it:
#   deploy/issue-desk.sh NAME ROLE SERVER_URL DATA_DIR OUT_DIR
# e.g. deploy/issue-desk.sh desk-2 registration https://192.168.1.10:7443 /var/lib/tengen ./desk-2
# With a standby, SERVER_URL lists both servers: https://192.168.1.10:7443,https://192.168.1.11:7443
# OUT_DIR gets ca.pem (the venue CA), token (mode 0600) and config (server, ca, token_file); on the desk run
#   tengen --config OUT_DIR/config whoami
# Needs the `tengen` desk program on PATH and the director token in DATA_DIR/director.token.
set -euo pipefail
if [ $# -ne 5 ]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
name=$1 role=$2 server=$3 data=$4 out=$5
mkdir -p "$out"
cp "$data/ca.pem" "$out/ca.pem"
token=$(tengen --server "$server" --ca "$data/ca.pem" --token-file "$data/director.token" \
  token create --role "$role" --name "$name")
if [ -z "$token" ]; then
  echo "could not create a token for $name" >&2
  exit 1
fi
umask 077
printf '%s\n' "$token" > "$out/token"
cat > "$out/config" <<CONF
server = $server
ca = $(cd "$out" && pwd)/ca.pem
token_file = $(cd "$out" && pwd)/token
CONF
echo "desk $name ($role): config in $out/config"
