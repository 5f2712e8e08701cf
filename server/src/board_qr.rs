//! The hall poster's QR code: the public board's address drawn for the director's terminal (to scan off the
//! screen) or as a standalone SVG poster (the code, the address in large type, one line saying what is there);
//! and any address as an inline SVG code for a page (the terminal cards: `inline_svg`).
//! Pure: a string in, a string out; `tengen-server board-qr` prints it.

use std::fmt::Write as _;

use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code on every side: the four the QR standard asks for, without which phones
/// struggle to find the code on a busy poster or a dark terminal.
pub const QUIET_ZONE: usize = 4;

/// Medium error correction (15 %): a printed poster survives a crease, a smudge or a drawing pin.
const EC_LEVEL: EcLevel = EcLevel::M;

/// ANSI: pure black on pure white from the 256-colour cube (not the theme's "black" and "white", which
/// some terminal themes make grey or swap).
const DARK_ON_LIGHT: &str = "\x1b[38;5;16;48;5;231m";
const RESET: &str = "\x1b[0m";

/// What a phone reads under the code.
pub const TAGLINE: &str = "Pairings, standings and your games — live";

/// Why there is no code to print. The command prints the message and exits non-zero.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardQrError {
    /// Not an address a phone's camera app would open: it must be an `http://` or `https://` URL without
    /// spaces or control characters.
    #[error("the board's address must be a URL starting with http:// or https://, without spaces: {0:?}")]
    NotAUrl(String),
    /// The address does not fit in a QR code (about 2,300 bytes at this error correction).
    #[error("the board's address is too long for a QR code ({0} bytes)")]
    TooLong(usize),
}

/// The board's address `url` as a QR code: an SVG poster when `svg`, else a terminal rendering.
///
/// The terminal rendering draws two module rows per line with the half blocks `▀ ▄ █`, in black on white
/// (ANSI colours, so it reads the same on a dark terminal), with the quiet zone, then the address on its own
/// line. The poster is an A4 portrait SVG: the code, the address underneath in large monospaced type, and
/// [`TAGLINE`].
///
/// # Examples
///
/// ```
/// let svg = tengen_server::board_qr::render("http://192.168.1.10:8080/", true).unwrap();
/// assert!(svg.contains(">http://192.168.1.10:8080/</text>"));
/// ```
pub fn render(url: &str, svg: bool) -> Result<String, BoardQrError> {
    let url = url.trim();
    let code = encode(url)?;
    let modules = Modules::new(&code);
    Ok(if svg {
        poster(&modules, url)
    } else {
        terminal(&modules, url)
    })
}

/// `url` as an inline SVG element for a web page (the terminal cards): the code with its quiet zone, black on
/// white, one path, scaled by the page's CSS (`class`). The address itself is not in the markup.
///
/// # Examples
///
/// ```
/// let svg = tengen_server::board_qr::inline_svg("https://192.168.1.10:7443/desk/login", "qr").unwrap();
/// assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
/// ```
pub fn inline_svg(url: &str, class: &str) -> Result<String, BoardQrError> {
    let modules = Modules::new(&encode(url.trim())?);
    let class: String = class
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ' ')
        .collect();
    Ok(format!(
        concat!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{class}\" viewBox=\"0 0 {n} {n}\" ",
            "shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR code\">",
            "<rect width=\"{n}\" height=\"{n}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>"
        ),
        class = class,
        n = modules.size,
        path = module_path(&modules),
    ))
}

fn encode(url: &str) -> Result<QrCode, BoardQrError> {
    let lower = url.to_ascii_lowercase();
    let has_host = ["http://", "https://"]
        .iter()
        .any(|scheme| lower.starts_with(scheme) && lower.len() > scheme.len());
    if !has_host || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(BoardQrError::NotAUrl(url.to_string()));
    }
    QrCode::with_error_correction_level(url, EC_LEVEL).map_err(|_| BoardQrError::TooLong(url.len()))
}

/// The code's modules with the quiet zone around them: `size` × `size`, row by row.
struct Modules {
    size: usize,
    dark: Vec<bool>,
}

impl Modules {
    fn new(code: &QrCode) -> Self {
        let width = code.width();
        let size = width + 2 * QUIET_ZONE;
        let colors = code.to_colors();
        let mut dark = vec![false; size * size];
        for y in 0..width {
            for x in 0..width {
                dark[(y + QUIET_ZONE) * size + x + QUIET_ZONE] =
                    colors[y * width + x] == Color::Dark;
            }
        }
        Modules { size, dark }
    }

    /// Dark module at column `x`, row `y`; outside the grid is light.
    fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.size && y < self.size && self.dark[y * self.size + x]
    }
}

fn terminal(modules: &Modules, url: &str) -> String {
    let mut out = String::new();
    for y in (0..modules.size).step_by(2) {
        out.push_str(DARK_ON_LIGHT);
        for x in 0..modules.size {
            out.push(match (modules.is_dark(x, y), modules.is_dark(x, y + 1)) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        out.push_str(RESET);
        out.push('\n');
    }
    out.push_str(url);
    out.push('\n');
    out
}

/// A4 portrait in millimetres.
const PAGE_WIDTH: f64 = 210.0;
const PAGE_HEIGHT: f64 = 297.0;
/// The code with its quiet zone, centred near the top.
const CODE_SIDE: f64 = 170.0;
const CODE_TOP: f64 = 35.0;
/// The address may use the page width less the margins.
const TEXT_WIDTH: f64 = 190.0;
/// A monospaced glyph is about this wide per unit of font size.
const MONO_ADVANCE: f64 = 0.6;

fn poster(modules: &Modules, url: &str) -> String {
    let url_size = (TEXT_WIDTH / (MONO_ADVANCE * url.chars().count() as f64)).min(16.0);
    let url_y = CODE_TOP + CODE_SIDE + 8.0 + url_size;
    let tagline_y = url_y + 16.0;
    let mut svg = String::new();
    let _ = write!(
        svg,
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}mm\" height=\"{h}mm\" ",
            "viewBox=\"0 0 {w} {h}\">\n",
            "<title>{title}</title>\n",
            "<rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n",
            "<svg x=\"{x}\" y=\"{top}\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {n} {n}\" ",
            "shape-rendering=\"crispEdges\">\n",
            "<path fill=\"#000\" d=\"{path}\"/>\n",
            "</svg>\n",
            "<text x=\"{cx}\" y=\"{url_y:.1}\" text-anchor=\"middle\" font-size=\"{url_size:.1}\" ",
            "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-weight=\"bold\">{url}</text>\n",
            "<text x=\"{cx}\" y=\"{tagline_y:.1}\" text-anchor=\"middle\" font-size=\"9\" ",
            "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">{tagline}</text>\n",
            "</svg>\n",
        ),
        w = PAGE_WIDTH,
        h = PAGE_HEIGHT,
        title = xml_escape(TAGLINE),
        x = (PAGE_WIDTH - CODE_SIDE) / 2.0,
        top = CODE_TOP,
        side = CODE_SIDE,
        n = modules.size,
        path = module_path(modules),
        cx = PAGE_WIDTH / 2.0,
        url = xml_escape(url),
        tagline = xml_escape(TAGLINE),
        url_y = url_y,
        url_size = url_size,
        tagline_y = tagline_y,
    );
    svg
}

/// One path for every dark module, a rectangle per horizontal run: `M{x} {y}h{run}v1h-{run}z`.
fn module_path(modules: &Modules) -> String {
    let mut d = String::new();
    for y in 0..modules.size {
        let mut x = 0;
        while x < modules.size {
            if !modules.is_dark(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while modules.is_dark(x, y) {
                x += 1;
            }
            let run = x - start;
            let _ = write!(d, "M{start} {y}h{run}v1h-{run}z");
        }
    }
    d
}

/// Text for an XML attribute or element: `& < > " '` as entities, control characters as character references
/// (the poster's SVG and the OpenGotha export both use it).
pub(crate) fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("&#{};", u32::from(c))),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str = "http://192.168.1.10:8080/";

    fn strip_ansi(line: &str) -> String {
        line.replace(DARK_ON_LIGHT, "").replace(RESET, "")
    }

    fn size_of(url: &str) -> usize {
        encode(url).unwrap().width() + 2 * QUIET_ZONE
    }

    #[test]
    fn terminal_code_packs_two_rows_a_line_inside_a_quiet_zone() {
        let text = render(URL, false).unwrap();
        let size = size_of(URL);
        let lines: Vec<&str> = text.lines().collect();
        let (code, address) = lines.split_at(lines.len() - 1);
        assert_eq!(address, [URL]);
        assert_eq!(code.len(), size.div_ceil(2));
        let quiet_lines = QUIET_ZONE / 2;
        for (i, line) in code.iter().map(|l| strip_ansi(l)).enumerate() {
            let cells: Vec<char> = line.chars().collect();
            assert_eq!(cells.len(), size, "line {i}");
            let margin = [' '; QUIET_ZONE];
            assert_eq!(cells[..QUIET_ZONE], margin, "left quiet zone, line {i}");
            assert_eq!(
                cells[size - QUIET_ZONE..],
                margin,
                "right quiet zone, line {i}"
            );
            if i < quiet_lines || i >= code.len() - quiet_lines {
                assert!(
                    cells.iter().all(|&c| c == ' '),
                    "top/bottom quiet zone, line {i}"
                );
            }
        }
    }

    #[test]
    fn terminal_code_is_black_on_white_whatever_the_theme() {
        let text = render(URL, false).unwrap();
        let code_lines = size_of(URL).div_ceil(2);
        for line in text.lines().take(code_lines) {
            assert!(
                line.starts_with(DARK_ON_LIGHT) && line.ends_with(RESET),
                "{line:?}"
            );
        }
    }

    #[test]
    fn the_finder_pattern_sits_inside_the_quiet_zone() {
        let text = render(URL, false).unwrap();
        let lines: Vec<Vec<char>> = text
            .lines()
            .map(|l| strip_ansi(l).chars().collect())
            .collect();
        // Module rows 4 and 5 (line 2): the finder's solid top edge over its left column and right column.
        let line = &lines[QUIET_ZONE / 2];
        assert_eq!(line[QUIET_ZONE], '█');
        assert_eq!(line[QUIET_ZONE + 1], '▀');
        assert_eq!(line[QUIET_ZONE + 6], '█');
        assert_eq!(
            line[QUIET_ZONE + 7],
            ' ',
            "the separator after the finder is light"
        );
    }

    #[test]
    fn poster_is_a_standalone_svg_with_the_address_and_the_tagline() {
        let svg = render(URL, true).unwrap();
        assert!(svg.starts_with(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""
        ));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(!svg.contains("<html") && !svg.contains("<foreignObject"));
        let size = size_of(URL);
        assert!(svg.contains(&format!("viewBox=\"0 0 {size} {size}\"")));
        assert!(svg.contains(&format!(">{URL}</text>")));
        assert!(svg.contains(&format!(">{TAGLINE}</text>")));
        assert_eq!(svg.matches("<svg").count(), svg.matches("</svg>").count());
    }

    #[test]
    fn poster_escapes_the_address_for_xml() {
        let svg = render("http://board.local/?t=1&q='<x>\"", true).unwrap();
        assert!(
            svg.contains(">http://board.local/?t=1&amp;q=&apos;&lt;x&gt;&quot;</text>"),
            "{svg}"
        );
        assert!(!svg.contains("&q="));
    }

    #[test]
    fn the_poster_path_draws_exactly_the_dark_modules() {
        let modules = Modules::new(&encode(URL).unwrap());
        let mut drawn = vec![false; modules.size * modules.size];
        for rect in module_path(&modules).split('M').skip(1) {
            let (x, rest) = rect.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let run = rest.split_once('v').unwrap().0;
            let (x, y, run): (usize, usize, usize) =
                (x.parse().unwrap(), y.parse().unwrap(), run.parse().unwrap());
            for dx in 0..run {
                assert!(!drawn[y * modules.size + x + dx], "drawn twice");
                drawn[y * modules.size + x + dx] = true;
            }
        }
        assert_eq!(drawn, modules.dark);
    }

    #[test]
    fn the_inline_code_is_the_posters_code_without_the_address() {
        let url = "https://192.168.1.10:7443/desk/login?token=tgn_ab";
        let svg = inline_svg(url, "qr big\"><script>").unwrap();
        let modules = Modules::new(&encode(url).unwrap());
        assert!(svg.contains(&module_path(&modules)));
        assert!(svg.contains("class=\"qr bigscript\""), "{svg}");
        assert!(!svg.contains("tgn_ab") && !svg.contains("<script"));
    }

    #[test]
    fn only_http_urls_make_a_code() {
        for bad in [
            "",
            "192.168.1.10:8080",
            "http://",
            "ftp://x",
            "http://a b/",
            "http://a\u{7}b/",
        ] {
            assert!(
                matches!(render(bad, false), Err(BoardQrError::NotAUrl(_))),
                "{bad:?}"
            );
        }
        assert!(render("  https://board.example/  ", true).is_ok());
        let long = format!("http://x/{}", "a".repeat(3000));
        assert_eq!(render(&long, false), Err(BoardQrError::TooLong(long.len())));
    }
}
