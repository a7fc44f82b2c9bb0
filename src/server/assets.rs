//! The files the server serves to a browser, embedded in the binary: one row per path with its
//! content type. The page of issue 22 goes in `assets/` and gets its rows here (`/` is its
//! HTML; scripts and styles beside it); until then `/` is a placeholder that lists the API.

/// A file served at a path.
pub struct Asset {
    /// The request path (`/`, `/app.js`).
    pub path: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    pub body: &'static [u8],
}

/// Every asset.
pub const ASSETS: &[Asset] = &[Asset {
    path: "/",
    content_type: "text/html; charset=utf-8",
    body: include_bytes!("assets/index.html"),
}];

/// The asset served at `path`, if any.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}
