//! The files the server serves to a browser, embedded in the binary: one row per path with its
//! content type. `/` is the page (`assets/index.html`), with its scripts (`app.js`, and
//! `kakuro.js` for the Kakuro mode) and style beside it; nothing is fetched from elsewhere.

/// A file served at a path.
pub struct Asset {
    /// The request path (`/`, `/app.js`).
    pub path: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    pub body: &'static [u8],
}

/// Every asset.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("assets/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("assets/app.js"),
    },
    Asset {
        path: "/kakuro.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("assets/kakuro.js"),
    },
    Asset {
        path: "/app.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("assets/app.css"),
    },
];

/// The asset served at `path`, if any.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}
