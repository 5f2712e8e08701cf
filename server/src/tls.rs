//! The venue certificate authority: made on first start in the data directory, then used to sign the server's
//! certificate (every start, so it always covers the names the server is reached by) and, later, the standby's.

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, IsCa,
    Issuer, KeyPair, KeyUsagePurpose,
};
use rustls::pki_types::{pem::PemObject, CertificateDer};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Why the certificates could not be made or loaded.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// File system.
    #[error("certificate files: {0}")]
    Io(#[from] std::io::Error),
    /// Certificate generation.
    #[error("certificate generation: {0}")]
    Rcgen(#[from] rcgen::Error),
    /// A PEM file does not hold what it should.
    #[error("unreadable certificate {0}")]
    Pem(PathBuf),
}

/// The server's TLS identity and the CA desks must trust.
pub struct VenueTls {
    /// The CA certificate (PEM), as written to `DIR/ca.pem`.
    pub ca_pem: String,
    /// Where desks find it.
    pub ca_path: PathBuf,
    /// SHA-256 of the CA certificate (DER), as colon-separated hex, for desks to compare.
    pub ca_fingerprint: String,
    /// The server certificate (PEM).
    pub cert_pem: String,
    /// The server key (PEM).
    pub key_pem: String,
    /// True when the CA was created by this call (first start).
    pub created_ca: bool,
}

fn ca_params() -> Result<CertificateParams, rcgen::Error> {
    let mut params = CertificateParams::new(Vec::<String>::new())?;
    let mut dn = DistinguishedName::new();
    dn.push(DnType::CommonName, "Tengen venue CA");
    dn.push(DnType::OrganizationName, "Tengen");
    params.distinguished_name = dn;
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    Ok(params)
}

/// Loads the venue CA from `dir`, creating it on first start, and signs a fresh server certificate for `names`.
pub fn ensure(dir: &Path, names: &[String]) -> Result<VenueTls, TlsError> {
    let ca_path = dir.join("ca.pem");
    let ca_key_path = dir.join("ca.key");
    let created_ca = !(ca_path.exists() && ca_key_path.exists());
    if created_ca {
        let key = KeyPair::generate()?;
        let cert = ca_params()?.self_signed(&key)?;
        // Whole files or none, even after a power cut: a 0-byte ca.pem beside its key would never be made again.
        install_whole(
            dir,
            &[
                ("ca.key", &key.serialize_pem(), true),
                ("ca.pem", &cert.pem(), false),
            ],
        )?;
    }
    let ca_pem = std::fs::read_to_string(&ca_path)?;
    let ca_key = KeyPair::from_pem(&std::fs::read_to_string(&ca_key_path)?)?;
    let (cert_pem, key_pem) = issue(&ca_key, names)?;
    std::fs::write(dir.join("server.pem"), &cert_pem)?;
    write_private(&dir.join("server.key"), &key_pem)?;
    let ca_fingerprint = fingerprint(&ca_pem).ok_or_else(|| TlsError::Pem(ca_path.clone()))?;
    Ok(VenueTls {
        ca_pem,
        ca_path,
        ca_fingerprint,
        cert_pem,
        key_pem,
        created_ca,
    })
}

/// Prepares a standby's data directory `out`: the venue CA from `data_dir` (certificate and key, so the standby
/// signs its own server certificate on every start and can take over as primary) and a first server certificate
/// for `names`. Returns the CA fingerprint desks compare.
pub fn issue_for_standby(
    data_dir: &Path,
    names: &[String],
    out: &Path,
) -> Result<String, TlsError> {
    let ca_path = data_dir.join("ca.pem");
    let ca_pem = std::fs::read_to_string(&ca_path)?;
    let ca_key_pem = std::fs::read_to_string(data_dir.join("ca.key"))?;
    let ca_key = KeyPair::from_pem(&ca_key_pem)?;
    std::fs::create_dir_all(out)?;
    let (cert_pem, key_pem) = issue(&ca_key, names)?;
    // Durable before the command says it is done: a power cut must not leave a torn ca.pem that the new
    // machine's first start would refuse.
    install_whole(
        out,
        &[
            ("ca.key", &ca_key_pem, true),
            ("ca.pem", &ca_pem, false),
            ("server.key", &key_pem, true),
            ("server.pem", &cert_pem, false),
        ],
    )?;
    fingerprint(&ca_pem).ok_or(TlsError::Pem(ca_path))
}

/// Signs a server certificate for `names` (DNS names or IP addresses) with the venue CA key.
pub fn issue(ca_key: &KeyPair, names: &[String]) -> Result<(String, String), TlsError> {
    let issuer = Issuer::new(ca_params()?, ca_key);
    let key = KeyPair::generate()?;
    let mut params = CertificateParams::new(names.to_vec())?;
    let mut dn = DistinguishedName::new();
    dn.push(
        DnType::CommonName,
        names.first().map(String::as_str).unwrap_or("tengen"),
    );
    params.distinguished_name = dn;
    params.extended_key_usages = vec![
        ExtendedKeyUsagePurpose::ServerAuth,
        ExtendedKeyUsagePurpose::ClientAuth,
    ];
    let cert = params.signed_by(&key, &issuer)?;
    Ok((cert.pem(), key.serialize_pem()))
}

/// The first certificate of a PEM text in DER, as a device installs it (the trust guide's `/venue-ca.crt`).
pub fn der(pem: &str) -> Option<Vec<u8>> {
    let der = CertificateDer::from_pem_slice(pem.as_bytes()).ok()?;
    Some(der.as_ref().to_vec())
}

/// The SHA-256 fingerprint of the first certificate in a PEM text, as `AB:CD:…`.
pub fn fingerprint(pem: &str) -> Option<String> {
    let der = CertificateDer::from_pem_slice(pem.as_bytes()).ok()?;
    let digest = Sha256::digest(der.as_ref());
    Some(
        digest
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(":"),
    )
}

/// Writes each `(name, contents, private)` into `dir` whole or not at all, durably: each to a temporary file that
/// is synced (private ones readable by their owner only, the others by everyone: desks copy certificates), then
/// renamed into place, then the directory synced.
fn install_whole(dir: &Path, files: &[(&str, &str, bool)]) -> std::io::Result<()> {
    for (name, contents, private) in files {
        let tmp = dir.join(format!("{name}.tmp"));
        write_private(&tmp, contents)?;
        #[cfg(unix)]
        if !private {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o644))?;
        }
    }
    for (name, _, _) in files {
        std::fs::rename(dir.join(format!("{name}.tmp")), dir.join(name))?;
    }
    std::fs::File::open(dir)?.sync_all()
}

/// Writes a secret file readable by its owner only.
pub fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(path)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()
    }
    #[cfg(not(unix))]
    {
        std::fs::write(path, contents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_start_creates_a_ca_and_later_starts_keep_it() {
        let dir = tempfile::tempdir().unwrap();
        let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
        let first = ensure(dir.path(), &names).unwrap();
        assert!(first.created_ca);
        assert_eq!(first.ca_fingerprint.len(), 32 * 3 - 1);
        let second = ensure(dir.path(), &names).unwrap();
        assert!(!second.created_ca);
        assert_eq!(first.ca_fingerprint, second.ca_fingerprint);
        assert_ne!(
            first.key_pem, second.key_pem,
            "the server key is fresh each start"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join("ca.key"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
