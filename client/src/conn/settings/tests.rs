//! Tests for config parsing and the precedence of flags, environment and config file.

use std::collections::HashMap;

use super::*;

fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |k: &str| map.get(k).cloned()
}

#[test]
fn config_file_parses_keys_comments_and_quotes() {
    let text = "# venue desk 2\nserver = https://10.0.0.5:7443, https://10.0.0.6:7443\nca = certs/ca.pem\n\
                token = \"abc123\"\noperator='Marie'\n";
    let layer = SettingsLayer::parse_config(text, Path::new("/etc/tengen")).unwrap();
    assert_eq!(
        layer.server.as_deref(),
        Some("https://10.0.0.5:7443, https://10.0.0.6:7443")
    );
    assert_eq!(layer.ca, Some(PathBuf::from("/etc/tengen/certs/ca.pem")));
    assert_eq!(layer.token, Some(TokenSource::Literal("abc123".into())));
    assert_eq!(layer.operator.as_deref(), Some("Marie"));
}

#[test]
fn config_file_absolute_paths_stay_and_token_beats_token_file() {
    let text = "ca = /data/ca.pem\ntoken_file = tok\ntoken = t\n";
    let layer = SettingsLayer::parse_config(text, Path::new("/etc")).unwrap();
    assert_eq!(layer.ca, Some(PathBuf::from("/data/ca.pem")));
    assert_eq!(layer.token, Some(TokenSource::Literal("t".into())));
}

#[test]
fn config_file_typos_name_the_line() {
    let err = SettingsLayer::parse_config("server = x\nsevrer = y\n", Path::new(".")).unwrap_err();
    assert!(err.contains("line 2") && err.contains("sevrer"), "{err}");
    let err = SettingsLayer::parse_config("just words\n", Path::new(".")).unwrap_err();
    assert!(err.contains("line 1"), "{err}");
}

#[test]
fn env_token_beats_env_token_file() {
    let layer = SettingsLayer::from_env(&env_of(&[
        ("TENGEN_TOKEN", " t1 "),
        ("TENGEN_TOKEN_FILE", "/f"),
    ]));
    assert_eq!(layer.token, Some(TokenSource::Literal("t1".into())));
    let layer = SettingsLayer::from_env(&env_of(&[
        ("TENGEN_TOKEN", ""),
        ("TENGEN_TOKEN_FILE", "/f"),
    ]));
    assert_eq!(layer.token, Some(TokenSource::File("/f".into())));
}

#[test]
fn flags_beat_env_beats_config_file() {
    let flags = SettingsLayer {
        server: Some("https://flag:1".into()),
        ..Default::default()
    };
    let env = SettingsLayer::from_env(&env_of(&[
        ("TENGEN_SERVER", "https://env:2"),
        ("TENGEN_CA", "/env/ca.pem"),
    ]));
    let file = SettingsLayer::parse_config(
        "server = https://file:3\nca = /file/ca.pem\ntoken = filetoken\noperator = Ann\n",
        Path::new("/"),
    )
    .unwrap();
    let s = ConnSettings::resolve(flags.or(env).or(file), false).unwrap();
    assert_eq!(s.servers, vec!["https://flag:1"]);
    assert_eq!(s.ca, Some(PathBuf::from("/env/ca.pem")));
    assert_eq!(s.token.as_deref(), Some("filetoken"));
    assert_eq!(s.operator, "Ann");
}

#[test]
fn a_flag_token_file_beats_an_env_token() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("desk.token");
    std::fs::write(&path, "secret\n").unwrap();
    let flags = SettingsLayer {
        token: Some(TokenSource::File(path)),
        ca: Some("/ca".into()),
        ..Default::default()
    };
    let env = SettingsLayer::from_env(&env_of(&[("TENGEN_TOKEN", "envtoken")]));
    let s = ConnSettings::resolve(flags.or(env), false).unwrap();
    assert_eq!(s.token.as_deref(), Some("secret"));
}

#[test]
fn server_lists_are_split_and_default_to_https() {
    let layer = SettingsLayer {
        server: Some("10.0.0.5:7443, https://10.0.0.6:7443/".into()),
        ca: Some("/ca".into()),
        ..Default::default()
    };
    let s = ConnSettings::resolve(layer, false).unwrap();
    assert_eq!(
        s.servers,
        vec!["https://10.0.0.5:7443", "https://10.0.0.6:7443"]
    );
}

#[test]
fn plaintext_needs_insecure_dev_and_https_needs_a_ca() {
    let http = SettingsLayer {
        server: Some("http://127.0.0.1:7443".into()),
        ..Default::default()
    };
    assert!(ConnSettings::resolve(http.clone(), false).is_err());
    assert_eq!(
        ConnSettings::resolve(http, true).unwrap().servers,
        vec!["http://127.0.0.1:7443"]
    );
    let no_ca = SettingsLayer {
        server: Some("https://x:1".into()),
        ..Default::default()
    };
    let err = ConnSettings::resolve(no_ca, false).unwrap_err().to_string();
    assert!(err.contains("TENGEN_CA"), "{err}");
}

#[test]
fn gather_reads_the_named_config_file_and_the_env() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    std::fs::write(&config, "server = https://file:3\nca = ca.pem\n").unwrap();
    let env = env_of(&[
        ("TENGEN_TOKEN", "envtoken"),
        ("TENGEN_DATA", "/nonexistent"),
    ]);
    let s = ConnSettings::gather(SettingsLayer::default(), Some(&config), false, &env).unwrap();
    assert_eq!(s.servers, vec!["https://file:3"]);
    assert_eq!(s.ca, Some(dir.path().join("ca.pem")));
    assert_eq!(s.token.as_deref(), Some("envtoken"));
}

#[test]
fn default_config_path_prefers_xdg() {
    let env = env_of(&[("XDG_CONFIG_HOME", "/x"), ("HOME", "/home/a")]);
    assert_eq!(
        default_config_path(&env),
        Some(PathBuf::from("/x/tengen/config"))
    );
    let env = env_of(&[("HOME", "/home/a")]);
    assert_eq!(
        default_config_path(&env),
        Some(PathBuf::from("/home/a/.config/tengen/config"))
    );
}

#[test]
fn the_local_data_dir_supplies_ca_and_director_token_last() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ca.pem"), "pem").unwrap();
    std::fs::write(dir.path().join("director.token"), "dirtoken\n").unwrap();
    let data = dir.path().to_string_lossy().to_string();
    let env = env_of(&[("TENGEN_DATA", &data), ("HOME", "/nonexistent")]);
    let s = ConnSettings::gather(SettingsLayer::default(), None, false, &env).unwrap();
    assert_eq!(s.servers, vec![DEFAULT_SERVER]);
    assert_eq!(s.ca, Some(dir.path().join("ca.pem")));
    assert_eq!(s.token.as_deref(), Some("dirtoken"));
}
