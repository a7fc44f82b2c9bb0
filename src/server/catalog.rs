//! `GET /api/techniques`: the technique catalog, each row as `stepwise techniques --json`
//! writes it (slug, name, family, SE rating, HoDoKu score and level, profiles) with its
//! `techniques/<slug>.md` page's text, embedded in the binary at build time (`build.rs` lists
//! the pages; the library knows nothing of them).

use serde::Serialize;
use stepwise::profile::Profile;
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

/// One technique of the catalog.
#[derive(Debug, Serialize)]
pub struct Entry {
    slug: &'static str,
    name: String,
    family: String,
    se_rating: f64,
    hodoku_score: u32,
    hodoku_level: String,
    /// The profiles whose paths use it, by name.
    profiles: Vec<&'static str>,
    /// The catalog page, Markdown; `None` if the technique has none (the catalog test keeps
    /// every technique's page present).
    page: Option<&'static str>,
}

/// The catalog row of `technique`.
pub fn entry(technique: Technique) -> Entry {
    let info = technique.info();
    Entry {
        slug: info.slug,
        name: technique.to_string(),
        family: info.family.to_string(),
        se_rating: info.se_rating,
        hodoku_score: info.hodoku_score,
        hodoku_level: info.level.to_string(),
        profiles: Profile::iter()
            .filter(|p| p.has(technique))
            .map(Profile::name)
            .collect(),
        page: page(info.slug),
    }
}

/// Every technique, in catalog order.
pub fn all() -> Vec<Entry> {
    Technique::iter().map(entry).collect()
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
