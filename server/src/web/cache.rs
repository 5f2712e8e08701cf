//! Rendered public pages, kept while their stamp holds: after a publish a thousand phones ask for the same
//! pairing list, and it is rendered — and gzip-compressed, a tenth of the bytes on the venue Wi-Fi — once.
//! Keyed by the request URI; bounded (cleared when full). Holds bytes only, never state.

use axum::body::Bytes;
use std::collections::HashMap;
use std::io::Write as _;
use std::sync::Mutex;

/// A rendered page and, when it is worth it, the same bytes gzip-compressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The HTML.
    pub plain: Bytes,
    /// The HTML gzip-compressed (pages of a few kilobytes are sent as they are).
    pub gzip: Option<Bytes>,
}

impl Rendered {
    /// Pages above this size are compressed once for every client that accepts gzip.
    const COMPRESS_ABOVE: usize = 8 * 1024;

    /// `plain`, compressed when large.
    pub fn new(plain: Bytes) -> Rendered {
        let gzip = (plain.len() > Self::COMPRESS_ABOVE)
            .then(|| {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                encoder.write_all(&plain).ok()?;
                encoder.finish().ok().map(Bytes::from)
            })
            .flatten();
        Rendered { plain, gzip }
    }
}

/// The most pages kept at once.
const MAX_PAGES: usize = 512;

/// URI → (stamp, rendered page).
#[derive(Default)]
pub struct PageCache {
    pages: Mutex<HashMap<String, (String, Rendered)>>,
}

impl PageCache {
    /// The page rendered for `uri` at `stamp`, if it is still current.
    pub fn get(&self, uri: &str, stamp: &str) -> Option<Rendered> {
        let pages = self.pages.lock().ok()?;
        pages
            .get(uri)
            .filter(|(s, _)| s == stamp)
            .map(|(_, page)| page.clone())
    }

    /// Keeps the page rendered for `uri` at `stamp`.
    pub fn put(&self, uri: &str, stamp: &str, page: Rendered) {
        if let Ok(mut pages) = self.pages.lock() {
            if pages.len() >= MAX_PAGES && !pages.contains_key(uri) {
                pages.clear();
            }
            pages.insert(uri.to_string(), (stamp.to_string(), page));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_served_only_at_its_own_stamp() {
        let cache = PageCache::default();
        cache.put(
            "/t/1/pairings",
            "t1/pairings=4",
            Rendered::new(Bytes::from_static(b"r1")),
        );
        assert_eq!(
            cache.get("/t/1/pairings", "t1/pairings=4").map(|r| r.plain),
            Some(Bytes::from_static(b"r1"))
        );
        assert_eq!(cache.get("/t/1/pairings", "t1/pairings=9"), None);
        assert_eq!(cache.get("/t/2/pairings", "t1/pairings=4"), None);
    }

    #[test]
    fn large_pages_are_compressed_once_and_decompress_to_the_page() {
        use std::io::Read as _;
        let page = Bytes::from("<li>Côté Anne · Table 12</li>".repeat(2000));
        let rendered = Rendered::new(page.clone());
        let gzip = rendered.gzip.unwrap_or_default();
        assert!(
            gzip.len() * 10 < page.len(),
            "{} → {}",
            page.len(),
            gzip.len()
        );
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_end(&mut back)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, page);
        assert!(Rendered::new(Bytes::from_static(b"small")).gzip.is_none());
    }

    #[test]
    fn the_cache_stays_bounded() {
        let cache = PageCache::default();
        for i in 0..(MAX_PAGES * 3) {
            cache.put(
                &format!("/t/1/players/{i}"),
                "s",
                Rendered::new(Bytes::new()),
            );
        }
        assert!(cache.pages.lock().map(|p| p.len()).unwrap_or(0) <= MAX_PAGES);
    }
}
