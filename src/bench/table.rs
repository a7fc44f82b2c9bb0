//! A text table as the bench commands print it: columns with a header, an alignment, a width
//! and the spaces before them. Every cell is padded to its column's width and a longer one is
//! left whole (as `format!("{:>9}")` does), so a wide figure shifts the rest of its line
//! rather than being cut.

use std::fmt;

/// Which side of its column a cell keeps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text (names, levels).
    Left,
    /// Figures.
    Right,
}

/// One column: its header, alignment, width and the spaces before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The header's text.
    pub header: &'static str,
    /// The side cells keep to.
    pub align: Align,
    /// The width cells are padded to.
    pub width: usize,
    /// Spaces before the column (none before the first, whatever this says).
    pub gap: usize,
}

impl Column {
    /// A left-aligned column one space after the previous one.
    pub const fn left(header: &'static str, width: usize) -> Column {
        Column {
            header,
            align: Align::Left,
            width,
            gap: 1,
        }
    }

    /// A right-aligned column one space after the previous one.
    pub const fn right(header: &'static str, width: usize) -> Column {
        Column {
            header,
            align: Align::Right,
            width,
            gap: 1,
        }
    }

    /// The same column `gap` spaces after the previous one.
    pub const fn after(self, gap: usize) -> Column {
        Column { gap, ..self }
    }

    fn pad(&self, text: &str) -> String {
        match self.align {
            Align::Left => format!("{text:<width$}", width = self.width),
            Align::Right => format!("{text:>width$}", width = self.width),
        }
    }
}

/// A table: its columns and its rows of cells, already worded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextTable {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The rows, one cell per column.
    pub rows: Vec<Vec<String>>,
}

impl TextTable {
    /// A table of `columns` with no rows yet.
    pub fn new(columns: &[Column]) -> TextTable {
        TextTable {
            columns: columns.to_vec(),
            rows: Vec::new(),
        }
    }

    /// Adds a row. Panics unless it has one cell per column (a table built wrong).
    pub fn push(&mut self, row: Vec<String>) {
        assert_eq!(row.len(), self.columns.len(), "one cell per column");
        self.rows.push(row);
    }

    /// One line of `cells` laid out in the columns.
    fn line<S: AsRef<str>>(&self, cells: &[S]) -> String {
        let mut line = String::new();
        for (i, (column, cell)) in self.columns.iter().zip(cells).enumerate() {
            if i > 0 {
                line.extend(std::iter::repeat_n(' ', column.gap));
            }
            line.push_str(&column.pad(cell.as_ref()));
        }
        line
    }

    /// The header line.
    pub fn header(&self) -> String {
        let headers: Vec<&str> = self.columns.iter().map(|c| c.header).collect();
        self.line(&headers)
    }

    /// The header line, then a line per row (no line breaks).
    pub fn lines(&self) -> Vec<String> {
        std::iter::once(self.header())
            .chain(self.rows.iter().map(|row| self.line(row)))
            .collect()
    }
}

impl fmt::Display for TextTable {
    /// Every line of [`TextTable::lines`], each ended by a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.lines() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_padded_as_format_pads_them() {
        let mut table = TextTable::new(&[
            Column::left("name", 6),
            Column::right("n", 4),
            Column::right("share", 7).after(2),
        ]);
        table.push(vec!["ab".into(), "12".into(), "1/2".into()]);
        table.push(vec!["toolong".into(), "12345".into(), "-".into()]);
        let expected = format!(
            "{:<6} {:>4}  {:>7}\n{:<6} {:>4}  {:>7}\n{:<6} {:>4}  {:>7}\n",
            "name", "n", "share", "ab", 12, "1/2", "toolong", 12345, "-"
        );
        assert_eq!(table.to_string(), expected);
        assert_eq!(table.lines().len(), 3);
    }

    #[test]
    #[should_panic(expected = "one cell per column")]
    fn a_row_of_the_wrong_length_is_refused() {
        TextTable::new(&[Column::left("a", 1)]).push(vec![]);
    }
}
