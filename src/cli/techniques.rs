//! `stepwise techniques`: the catalog as a table or JSON: each technique's slug, community
//! name, family, Sudoku Explainer rating, HoDoKu score and level, and the profiles that use it.
//! Everything shown is read from the library's catalog and profiles.

use clap::Args;
use stepwise::profile::{CatalogRow, Profile};
use stepwise::technique::Technique;
use strum::IntoEnumIterator;

use super::output::Out;
use super::{parse_technique, TextFormatArgs, EXIT_OK};

#[derive(Args, Debug)]
pub struct TechniquesArgs {
    /// Show only these techniques (slugs or names); an unknown one names the nearest.
    #[arg(value_name = "TECHNIQUE", value_parser = parse_technique)]
    pub only: Vec<Technique>,
    /// Show only the techniques of this profile, in its order.
    #[arg(long, value_parser = super::parse_profile)]
    pub profile: Option<Profile>,
    #[command(flatten)]
    pub output: TextFormatArgs,
}

pub fn run(args: &TechniquesArgs) -> i32 {
    let techniques: Vec<Technique> = match args.profile {
        Some(profile) => profile.options().techniques,
        None => Technique::iter().collect(),
    };
    let rows: Vec<CatalogRow> = techniques
        .into_iter()
        .filter(|t| args.only.is_empty() || args.only.contains(t))
        .map(CatalogRow::of)
        .collect();
    let mut out = Out::new();
    if args.output.json() {
        for r in &rows {
            out.line(&serde_json::to_string(r).expect("rows serialize"));
        }
        return EXIT_OK;
    }
    // Grouped under family headings, so the rows stay narrow enough for a terminal.
    let slug_width = rows.iter().map(|r| r.slug.len()).max().unwrap_or(4).max(4);
    let name_width = rows.iter().map(|r| r.name.len()).max().unwrap_or(4).max(4);
    let mut family = String::new();
    for r in &rows {
        if r.family != family {
            family = r.family.clone();
            if !rows.is_empty() && r.slug != rows[0].slug {
                out.write("\n");
            }
            out.line(&format!("{}:", capitalized(&family)));
            out.line(&format!(
                "  {:slug_width$}  {:name_width$}  {:>4}  {:>6}  {:7}  profiles",
                "slug", "name", "SE", "HoDoKu", "level"
            ));
        }
        let profiles = if r.profiles.is_empty() {
            "none (ask for it with --techniques)".to_string()
        } else {
            r.profiles.join(" ")
        };
        out.line(&format!(
            "  {:slug_width$}  {:name_width$}  {:>4.1}  {:>6}  {:7}  {profiles}",
            r.slug, r.name, r.se_rating, r.hodoku_score, r.hodoku_level
        ));
    }
    EXIT_OK
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
