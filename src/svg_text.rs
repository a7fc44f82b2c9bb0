//! Text helpers of every SVG picture the library draws (Sudoku's step pictures in `render`,
//! Kakuro's in `kakuro::render`): coordinates written short, text escaped for XML, captions
//! wrapped. Pure functions of their arguments; they know no puzzle, so both stacks use them
//! (`tests/layering.rs` lets Kakuro use this module and no other of the Sudoku side's).

/// A coordinate with one decimal at most, the integer without one: `12`, `12.5`, `-3.3`.
pub fn num(x: f64) -> String {
    let tenths = (x * 10.0).round() as i64;
    if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        let sign = if tenths < 0 { "-" } else { "" };
        let t = tenths.abs();
        format!("{sign}{}.{}", t / 10, t % 10)
    }
}

/// Text and attribute values escaped for XML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and newline are not allowed in XML 1.0.
            c if c.is_control() && c != '\t' && c != '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `text` in lines of at most `width` characters broken at spaces (a longer word gets a line
/// of its own, cut), at most `lines` lines, the last ending in `…` when text was left out.
pub fn wrap(text: &str, width: usize, lines: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let needed =
            current.chars().count() + usize::from(!current.is_empty()) + word.chars().count();
        if !current.is_empty() && needed > width {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        out.push(current);
    }
    let cut = out.len() > lines;
    out.truncate(lines);
    for line in out.iter_mut() {
        if line.chars().count() > width {
            *line = line.chars().take(width - 1).collect::<String>() + "…";
        }
    }
    if cut {
        if let Some(last) = out.last_mut() {
            let kept: String = last.chars().take(width - 2).collect();
            *last = format!("{} …", kept.trim_end());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_one_decimal_at_most() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.54), "12.5");
        assert_eq!(num(-3.26), "-3.3");
        assert_eq!(num(-0.04), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape(r#"r1c2<>5 => "a" & 'b'"#),
            "r1c2&lt;&gt;5 =&gt; &quot;a&quot; &amp; &apos;b&apos;"
        );
        assert_eq!(escape("a\u{1}b"), "a b");
    }

    #[test]
    fn long_captions_wrap_and_are_cut() {
        // (a width under 8 counts as 8)
        assert_eq!(wrap("aaaa bbb cc", 5, 3), vec!["aaaa bbb", "cc"]);
        let words = "one two three four five six seven eight nine ten";
        let lines = wrap(words, 10, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'), "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 10), "{lines:?}");
    }
}
