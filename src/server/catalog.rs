//! The technique catalog of the API. `GET /api/techniques` lists each row as `stepwise
//! techniques --json` writes it (slug, name, family, SE rating, HoDoKu score and level,
//! profiles) with `page_url`, where `GET /api/techniques/{slug}` answers the same row with its
//! `techniques/<slug>.md` page's text, embedded in the binary at build time (`build.rs` lists
//! the pages; the library knows nothing of them). The list leaves the pages out: with them it
//! was about 400 KB, a page is a few KB.

use serde::Serialize;
use stepwise::profile::CatalogRow;
use stepwise::technique::Technique;
use strum::IntoEnumIterator;

mod pages {
    include!(concat!(env!("OUT_DIR"), "/technique_pages.rs"));
}

/// A technique's catalog page, `techniques/<slug>.md`, as built into the binary.
pub fn page(slug: &str) -> Option<&'static str> {
    pages::PAGES
        .binary_search_by(|(s, _)| (*s).cmp(slug))
        .ok()
        .map(|i| pages::PAGES[i].1)
}

/// One technique of the catalog with its page.
#[derive(Debug, Serialize)]
pub struct Entry {
    #[serde(flatten)]
    row: CatalogRow,
    /// The catalog page, Markdown; `None` if the technique has none (the catalog test keeps
    /// every technique's page present).
    page: Option<&'static str>,
}

/// One row of the list: the catalog row and where its page is.
#[derive(Debug, Serialize)]
pub struct ListEntry {
    #[serde(flatten)]
    row: CatalogRow,
    /// `/api/techniques/{slug}`: the row with its page.
    page_url: String,
}

/// The catalog row of `technique` with its page.
pub fn entry(technique: Technique) -> Entry {
    let row = CatalogRow::of(technique);
    Entry {
        page: page(row.slug),
        row,
    }
}

/// Every technique, in catalog order, without the pages.
pub fn list() -> Vec<ListEntry> {
    Technique::iter()
        .map(|technique| {
            let row = CatalogRow::of(technique);
            ListEntry {
                page_url: format!("/api/techniques/{}", row.slug),
                row,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_its_page_embedded() {
        for technique in Technique::iter() {
            let page = page(technique.slug())
                .unwrap_or_else(|| panic!("techniques/{}.md is not embedded", technique.slug()));
            assert!(page.starts_with("# "), "{}: {page:.40}", technique.slug());
        }
        assert!(page("no-such-technique").is_none());
    }
}
