//! Rendered public pages, kept while their stamp holds: after a publish a thousand phones ask for the same
//! pairing list, and it is rendered once. Keyed by the request URI; bounded (cleared when full). Holds bytes
//! only, never state.

use axum::body::Bytes;
use std::collections::HashMap;
use std::sync::Mutex;

/// The most pages kept at once.
const MAX_PAGES: usize = 512;

/// URI → (stamp, rendered page).
#[derive(Default)]
pub struct PageCache {
    pages: Mutex<HashMap<String, (String, Bytes)>>,
}

impl PageCache {
    /// The page rendered for `uri` at `stamp`, if it is still current.
    pub fn get(&self, uri: &str, stamp: &str) -> Option<Bytes> {
        let pages = self.pages.lock().ok()?;
        pages
            .get(uri)
            .filter(|(s, _)| s == stamp)
            .map(|(_, page)| page.clone())
    }

    /// Keeps the page rendered for `uri` at `stamp`.
    pub fn put(&self, uri: &str, stamp: &str, page: Bytes) {
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
        cache.put("/t/1/pairings", "t1/pairings=4", Bytes::from_static(b"r1"));
        assert_eq!(
            cache.get("/t/1/pairings", "t1/pairings=4").as_deref(),
            Some(&b"r1"[..])
        );
        assert_eq!(cache.get("/t/1/pairings", "t1/pairings=9"), None);
        assert_eq!(cache.get("/t/2/pairings", "t1/pairings=4"), None);
    }

    #[test]
    fn the_cache_stays_bounded() {
        let cache = PageCache::default();
        for i in 0..(MAX_PAGES * 3) {
            cache.put(&format!("/t/1/players/{i}"), "s", Bytes::new());
        }
        assert!(cache.pages.lock().map(|p| p.len()).unwrap_or(0) <= MAX_PAGES);
    }
}
