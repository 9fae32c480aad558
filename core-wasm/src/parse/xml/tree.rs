//! The streaming read: quick-xml events into a small, bounded element tree of local names.
//!
//! Safe by construction (docs/decisions.md §11): a DOCTYPE is refused on sight (so no DTD, no internal
//! or external entity, no billion laughs), references other than the five predefined entities
//! and character references are refused, and depth, element count, attribute count and size
//! are capped before anything is allocated for them. Namespaces and prefixes are dropped: the
//! adapters match local names only (docs/xml-layout.md §5.1). Comments, processing instructions and the XML
//! declaration (whatever encoding it names: the text is already Unicode) are skipped.

use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;

use super::XmlError;
use super::limits::{MAX_ATTRIBUTES, MAX_DEPTH, MAX_ELEMENTS, MAX_XML_BYTES};
use super::text::{collapse, resolve_reference};

/// One element: local name, attributes (local names, decoded values), its own character data
/// (CDATA and references resolved, not yet collapsed) and child elements in document order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Node {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Node>,
}

impl Node {
    /// The first child with local name `name` (ASCII case-insensitive).
    pub fn child(&self, name: &str) -> Option<&Node> {
        self.children
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// Every child named `name`, in document order.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children
            .iter()
            .filter(move |c| c.name.eq_ignore_ascii_case(name))
    }

    /// The first child of `names` that exists, by path (`a/b/c`), tried in order.
    pub fn path(&self, path: &str) -> Option<&Node> {
        path.split('/')
            .try_fold(self, |node, step| node.child(step))
    }

    /// Collapsed text of the node itself and all its descendants (like XPath `string()`).
    pub fn deep_text(&self) -> String {
        let mut raw = String::new();
        self.collect_text(&mut raw, 0);
        collapse(&raw)
    }

    fn collect_text(&self, out: &mut String, depth: usize) {
        out.push_str(&self.text);
        if depth < MAX_DEPTH {
            for c in &self.children {
                out.push(' ');
                c.collect_text(out, depth + 1);
            }
        }
    }

    /// Collapsed text at `path`, empty when absent.
    pub fn text_at(&self, path: &str) -> String {
        self.path(path).map(Node::deep_text).unwrap_or_default()
    }

    /// The first non-empty collapsed text among `paths`.
    pub fn first_text(&self, paths: &[&str]) -> String {
        paths
            .iter()
            .map(|p| self.text_at(p))
            .find(|t| !t.is_empty())
            .unwrap_or_default()
    }

    /// An attribute value by local name (ASCII case-insensitive), collapsed.
    pub fn attr(&self, name: &str) -> Option<String> {
        self.attrs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| collapse(v))
    }
}

/// Reads `xml` into its root element, or says why it cannot.
pub fn parse_tree(xml: &str) -> Result<Node, XmlError> {
    if xml.len() > MAX_XML_BYTES {
        return Err(XmlError::TooLarge);
    }
    let xml = xml.strip_prefix('\u{feff}').unwrap_or(xml);
    let mut reader = Reader::from_str(xml);
    {
        let config = reader.config_mut();
        config.check_end_names = true;
        config.allow_unmatched_ends = false;
        config.allow_dangling_amp = false;
        config.expand_empty_elements = false;
        config.check_comments = false;
    }
    let mut stack: Vec<Node> = Vec::new();
    let mut root: Option<Node> = None;
    let mut elements = 0usize;
    loop {
        let event = reader.read_event().map_err(|_| XmlError::Malformed)?;
        match event {
            Event::Start(_) | Event::Empty(_) if root.is_some() => return Err(XmlError::Malformed),
            Event::Start(e) => {
                elements += 1;
                if elements > MAX_ELEMENTS {
                    return Err(XmlError::TooManyElements);
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(XmlError::TooDeep);
                }
                stack.push(element(&e)?);
            }
            Event::Empty(e) => {
                elements += 1;
                if elements > MAX_ELEMENTS {
                    return Err(XmlError::TooManyElements);
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(XmlError::TooDeep);
                }
                let node = element(&e)?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None => root = Some(node),
                }
            }
            Event::End(_) => {
                let node = stack.pop().ok_or(XmlError::Malformed)?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None => root = Some(node),
                }
            }
            Event::Text(t) => {
                let content = t.xml10_content();
                match stack.last_mut() {
                    Some(node) => node.text.push_str(&content),
                    None if content.trim().is_empty() => {}
                    None => return Err(XmlError::Malformed),
                }
            }
            Event::CData(c) => match stack.last_mut() {
                Some(node) => node.text.push_str(&c.xml10_content()),
                None => return Err(XmlError::Malformed),
            },
            Event::GeneralRef(r) => {
                let resolved = resolve_reference(&r.xml10_content()).ok_or(XmlError::Entity)?;
                match stack.last_mut() {
                    Some(node) => node.text.push(resolved),
                    None => return Err(XmlError::Malformed),
                }
            }
            Event::DocType(_) => return Err(XmlError::Dtd),
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
            Event::Eof => break,
        }
    }
    if !stack.is_empty() {
        return Err(XmlError::Malformed);
    }
    root.ok_or(XmlError::Malformed)
}

/// A new element with its local name and decoded attributes (namespace declarations dropped).
fn element(e: &BytesStart<'_>) -> Result<Node, XmlError> {
    let name = e.local_name().as_ref().to_string();
    let mut attrs = Vec::new();
    for attr in e.attributes() {
        let attr = attr.map_err(|_| XmlError::Malformed)?;
        let key = attr.key.as_ref();
        if key == "xmlns" || key.starts_with("xmlns:") {
            continue;
        }
        if attrs.len() >= MAX_ATTRIBUTES {
            return Err(XmlError::Malformed);
        }
        // Attribute values resolve only the predefined entities and character references.
        let value = attr
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|_| XmlError::Entity)?;
        attrs.push((
            attr.key.local_name().as_ref().to_string(),
            value.into_owned(),
        ));
    }
    Ok(Node {
        name,
        attrs,
        text: String::new(),
        children: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(xml: &str) -> Node {
        parse_tree(xml).unwrap_or_default()
    }

    #[test]
    fn local_names_cdata_entities_and_quotes() {
        let n = root(
            "<?xml version='1.0' encoding='ISO-8859-1'?><!-- c --><a:R xmlns:a='urn:x' k='v&amp;w'>\
             <a:b>x &gt;= <![CDATA[<y> & z]]>&#233;</a:b><c xmlns='urn:x' q=\"1\"/><?pi x?></a:R>",
        );
        assert_eq!(n.name, "R");
        assert_eq!(n.attr("k").as_deref(), Some("v&w"));
        assert_eq!(n.text_at("b"), "x >= <y> & zé");
        assert_eq!(n.child("C").and_then(|c| c.attr("q")).as_deref(), Some("1"));
        assert_eq!(n.attrs.len(), 1, "namespace declarations are dropped");
    }

    #[test]
    fn a_bom_and_line_breaks_are_fine() {
        let n = root("\u{feff}<R>\r\n<b>one\r\ntwo</b>\n</R>\n");
        assert_eq!(n.text_at("b"), "one two");
    }

    #[test]
    fn malformed_documents_are_refused() {
        for xml in [
            "",
            "   ",
            "plain text",
            "<R>",
            "<R></S>",
            "</R>",
            "<R><b></R>",
            "<R a='1' a='2'/>",
            "<R/><R/>",
            "<R/>trailing",
            "<R a=1/>",
            "<R>&</R>",
            "<R>&amp</R>",
            "text<R/>",
            "<R><![CDATA[x</R>",
        ] {
            assert!(parse_tree(xml).is_err(), "{xml:?}");
        }
    }

    #[test]
    fn dtds_and_custom_entities_are_refused() {
        assert_eq!(parse_tree("<!DOCTYPE R []><R/>"), Err(XmlError::Dtd));
        assert_eq!(parse_tree("<R>&custom;</R>"), Err(XmlError::Entity));
        assert_eq!(parse_tree("<R a='&custom;'/>"), Err(XmlError::Entity));
    }

    #[test]
    fn depth_and_size_are_bounded() {
        let deep = format!(
            "{}{}",
            "<a>".repeat(MAX_DEPTH + 1),
            "</a>".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(parse_tree(&deep), Err(XmlError::TooDeep));
        let ok = format!("{}{}", "<a>".repeat(MAX_DEPTH), "</a>".repeat(MAX_DEPTH));
        assert!(parse_tree(&ok).is_ok());
        let big = format!("<R>{}</R>", "x".repeat(MAX_XML_BYTES));
        assert_eq!(parse_tree(&big), Err(XmlError::TooLarge));
    }
}
