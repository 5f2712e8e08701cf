//! Where the desk finds its server, CA and token: command-line flags, then the environment (`TENGEN_SERVER`,
//! `TENGEN_CA`, `TENGEN_TOKEN`, `TENGEN_TOKEN_FILE`, `TENGEN_OPERATOR`), then a config file (`--config FILE` or
//! `$XDG_CONFIG_HOME/tengen/config`), then a server data directory on this machine (`$TENGEN_DATA` or
//! `./tengen-data`: its `ca.pem` and `director.token`). The first layer that sets a value wins.
//!
//! Only reading and merging lives here; nothing connects. The environment is passed in as a lookup function so
//! tests never touch the process environment.
//!
//! The config file stays `key = value` read by hand rather than TOML (issue 17): the files the venue guide and
//! `deploy/issue-desk.sh` write (`server = https://…` unquoted) and every desk already holds would not parse as
//! TOML, which needs the quotes; five keys and an optional pair of quotes do not need a parser.

use std::path::{Path, PathBuf};

use crate::error::ClientError;

/// The settings a [`crate::Desk`] connects with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnSettings {
    /// Server URLs in the order to try, e.g. `https://127.0.0.1:7443`.
    pub servers: Vec<String>,
    /// CA certificate (PEM) to trust for `https` servers.
    pub ca: Option<PathBuf>,
    /// Bearer token sent with every call; none sends no `authorization` header.
    pub token: Option<String>,
    /// The volunteer at the desk, recorded with every command.
    pub operator: String,
}

/// Where a token comes from within one layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenSource {
    /// The token itself.
    Literal(String),
    /// A file holding the token (surrounding whitespace ignored).
    File(PathBuf),
}

/// One source of settings; unset fields fall through to the next layer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsLayer {
    /// Comma-separated server list.
    pub server: Option<String>,
    /// CA certificate file.
    pub ca: Option<PathBuf>,
    /// The token or the file holding it.
    pub token: Option<TokenSource>,
    /// The operator name.
    pub operator: Option<String>,
}

/// The server address used when nothing is configured: the server's own default listen address.
pub const DEFAULT_SERVER: &str = "https://127.0.0.1:7443";

impl SettingsLayer {
    /// Reads `TENGEN_SERVER`, `TENGEN_CA`, `TENGEN_TOKEN` (preferred over `TENGEN_TOKEN_FILE`) and
    /// `TENGEN_OPERATOR`. Empty variables count as unset.
    pub fn from_env(env: &dyn Fn(&str) -> Option<String>) -> Self {
        let get = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        let token = get("TENGEN_TOKEN")
            .map(|t| TokenSource::Literal(t.trim().to_string()))
            .or_else(|| get("TENGEN_TOKEN_FILE").map(|f| TokenSource::File(f.into())));
        SettingsLayer {
            server: get("TENGEN_SERVER"),
            ca: get("TENGEN_CA").map(Into::into),
            token,
            operator: get("TENGEN_OPERATOR"),
        }
    }

    /// Parses a config file: `key = value` lines with keys `server`, `ca`, `token`, `token_file`, `operator`;
    /// `#` starts a comment line; values may be quoted. Relative paths are relative to `base_dir` (the file's
    /// directory). An unknown key or a line without `=` is an error naming the line, so typos do not go unseen.
    pub fn parse_config(text: &str, base_dir: &Path) -> Result<Self, String> {
        let mut layer = SettingsLayer::default();
        let mut token_file = None;
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("line {}: expected `key = value`", index + 1))?;
            let value = unquote(value.trim());
            let path = || base_dir.join(value);
            match key.trim().to_lowercase().replace('-', "_").as_str() {
                "server" => layer.server = Some(value.to_string()),
                "ca" => layer.ca = Some(path()),
                "token" => layer.token = Some(TokenSource::Literal(value.to_string())),
                "token_file" => token_file = Some(TokenSource::File(path())),
                "operator" => layer.operator = Some(value.to_string()),
                other => {
                    return Err(format!(
                        "line {}: unknown key {other:?} (known: server, ca, token, token_file, operator)",
                        index + 1
                    ))
                }
            }
        }
        layer.token = layer.token.or(token_file);
        Ok(layer)
    }

    /// Reads and parses a config file.
    pub fn load_config(path: &Path) -> Result<Self, ClientError> {
        let text = std::fs::read_to_string(path).map_err(|source| ClientError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        Self::parse_config(&text, base)
            .map_err(|e| ClientError::Settings(format!("{}: {e}", path.display())))
    }

    /// The server's data directory on this machine, when there is one: its CA and director token. This is what
    /// lets `tengen` work with no settings at all next to a freshly started server.
    pub fn from_data_dir(dir: &Path) -> Self {
        let ca = dir.join("ca.pem");
        let token = dir.join("director.token");
        SettingsLayer {
            server: None,
            ca: ca.is_file().then_some(ca),
            token: token.is_file().then_some(TokenSource::File(token)),
            operator: None,
        }
    }

    /// This layer, with unset fields taken from `lower`.
    pub fn or(self, lower: SettingsLayer) -> SettingsLayer {
        SettingsLayer {
            server: self.server.or(lower.server),
            ca: self.ca.or(lower.ca),
            token: self.token.or(lower.token),
            operator: self.operator.or(lower.operator),
        }
    }
}

fn unquote(value: &str) -> &str {
    for quote in ['"', '\''] {
        if let Some(inner) = value
            .strip_prefix(quote)
            .and_then(|v| v.strip_suffix(quote))
        {
            return inner;
        }
    }
    value
}

/// The default config file: `$XDG_CONFIG_HOME/tengen/config`, else `$HOME/.config/tengen/config`.
pub fn default_config_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let base = env("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            env("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| Path::new(&h).join(".config"))
        })?;
    Some(base.join("tengen").join("config"))
}

impl ConnSettings {
    /// Settings for one server, for tests and the bench.
    pub fn new(server: &str, ca: Option<PathBuf>, token: Option<String>) -> Self {
        ConnSettings {
            servers: vec![server.to_string()],
            ca,
            token,
            operator: String::new(),
        }
    }

    /// Gathers the layers in order (flags, environment, config file, local data directory) and resolves them.
    /// `config` is the `--config` flag: a named file must exist; the default file may be absent.
    pub fn gather(
        flags: SettingsLayer,
        config: Option<&Path>,
        insecure_dev: bool,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, ClientError> {
        let file = match config {
            Some(path) => SettingsLayer::load_config(path)?,
            None => match default_config_path(env) {
                Some(path) if path.is_file() => SettingsLayer::load_config(&path)?,
                _ => SettingsLayer::default(),
            },
        };
        let data_dir = env("TENGEN_DATA")
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "tengen-data".to_string());
        let local = SettingsLayer::from_data_dir(Path::new(&data_dir));
        Self::resolve(
            flags.or(SettingsLayer::from_env(env)).or(file).or(local),
            insecure_dev,
        )
    }

    /// Turns merged settings into connection settings: splits and normalises the server list (no scheme means
    /// `https://`), refuses `http://` unless `insecure_dev`, requires a CA for `https://`, reads a token file.
    pub fn resolve(layer: SettingsLayer, insecure_dev: bool) -> Result<Self, ClientError> {
        let list = layer.server.unwrap_or_else(|| DEFAULT_SERVER.to_string());
        let mut servers = Vec::new();
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            servers.push(normalise_server(item, insecure_dev)?);
        }
        if servers.is_empty() {
            return Err(ClientError::Settings("the server list is empty".into()));
        }
        if layer.ca.is_none() && servers.iter().any(|s| s.starts_with("https://")) {
            return Err(ClientError::Settings(
                "no CA certificate to trust: pass --ca or set TENGEN_CA to the server's DATA/ca.pem".into(),
            ));
        }
        let token = match layer.token {
            None => None,
            Some(TokenSource::Literal(t)) => Some(t),
            Some(TokenSource::File(path)) => Some(
                std::fs::read_to_string(&path)
                    .map_err(|source| ClientError::Read {
                        path: path.clone(),
                        source,
                    })?
                    .trim()
                    .to_string(),
            ),
        };
        Ok(ConnSettings {
            servers,
            ca: layer.ca,
            token,
            operator: layer.operator.unwrap_or_default(),
        })
    }
}

fn normalise_server(item: &str, insecure_dev: bool) -> Result<String, ClientError> {
    let url = if item.contains("://") {
        item.to_string()
    } else {
        format!("https://{item}")
    };
    let url = url.trim_end_matches('/').to_string();
    if url.starts_with("https://") {
        Ok(url)
    } else if url.starts_with("http://") {
        if insecure_dev {
            Ok(url)
        } else {
            Err(ClientError::Settings(format!(
                "{url} is plaintext; the venue runs TLS (use https://), or pass --insecure-dev for a development server"
            )))
        }
    } else {
        Err(ClientError::Settings(format!(
            "{url}: the server address must start with https://"
        )))
    }
}

#[cfg(test)]
mod tests;
