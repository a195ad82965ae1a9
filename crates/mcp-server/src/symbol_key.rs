//! The `symbolKey` codec: opaque to clients, versioned, and built from the symbol's stable identity
//! (project name + documentation-comment id), so a key survives edits elsewhere and server restarts.
//!
//! Format: `csn1.` + base64url (no padding) of `project \0 documentationId`. A library symbol's
//! project part is `/` and its assembly's name (`ide::SymbolKey::LIBRARY_MARKER`): keys of both kinds
//! share the format, so keys made before library symbols had any stay valid.

use crate::error::{ErrorCode, ToolError};

const PREFIX: &str = "csn1.";

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DecodedKey {
    pub(crate) project: String,
    pub(crate) documentation_id: String,
}

pub(crate) fn encode(project: &str, documentation_id: &str) -> String {
    let mut raw = Vec::with_capacity(project.len() + 1 + documentation_id.len());
    raw.extend_from_slice(project.as_bytes());
    raw.push(0);
    raw.extend_from_slice(documentation_id.as_bytes());
    format!("{PREFIX}{}", base64url::encode(&raw))
}

pub(crate) fn decode(parameter: &str, key: &str) -> Result<DecodedKey, ToolError> {
    let invalid = |why: &str| {
        ToolError::new(ErrorCode::InvalidSymbolKey, parameter, format!("`{parameter}` is not a csnav symbol key: {why}"))
            .suggest("Pass a symbolKey exactly as returned by search_symbols, resolve_symbol or get_symbol_at_position; to start from a name, call resolve_symbol.")
    };
    let Some(body) = key.strip_prefix(PREFIX) else {
        return Err(invalid("it does not start with 'csn1.'"));
    };
    let raw = base64url::decode(body).ok_or_else(|| invalid("the body is not base64url"))?;
    let text = String::from_utf8(raw).map_err(|_| invalid("the body is not UTF-8"))?;
    let Some((project, documentation_id)) = text.split_once('\0') else {
        return Err(invalid("the body has no project separator"));
    };
    if project.is_empty() || documentation_id.len() < 3 || documentation_id.as_bytes()[1] != b':' {
        return Err(invalid("the body is not a project and a documentation id"));
    }
    Ok(DecodedKey {
        project: project.to_owned(),
        documentation_id: documentation_id.to_owned(),
    })
}

/// RFC 4648 §5 without padding; written here because it is twenty lines.
mod base64url {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    pub(super) fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
            for i in 0..=chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            }
        }
        out
    }

    pub(super) fn decode(text: &str) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(text.len() * 3 / 4);
        for chunk in text.as_bytes().chunks(4) {
            if chunk.len() == 1 {
                return None;
            }
            let mut n = 0u32;
            for (i, &c) in chunk.iter().enumerate() {
                let value = ALPHABET.iter().position(|&a| a == c)? as u32;
                n |= value << (18 - 6 * i);
            }
            for i in 0..chunk.len() - 1 {
                out.push((n >> (16 - 8 * i)) as u8);
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    #[test]
    fn round_trip() {
        let key = encode(
            "Bookstore.Core",
            "M:Bookstore.Core.Catalog.Find(System.String)",
        );
        expect![
            "csn1.Qm9va3N0b3JlLkNvcmUATTpCb29rc3RvcmUuQ29yZS5DYXRhbG9nLkZpbmQoU3lzdGVtLlN0cmluZyk"
        ]
        .assert_eq(&key);
        let decoded = decode("symbolKey", &key).unwrap();
        assert_eq!(decoded.project, "Bookstore.Core");
        assert_eq!(
            decoded.documentation_id,
            "M:Bookstore.Core.Catalog.Find(System.String)"
        );
        for len in 1..7 {
            let id = format!("T:{}", "é".repeat(len));
            assert_eq!(decode("k", &encode("P", &id)).unwrap().documentation_id, id);
        }
    }

    #[test]
    fn library_keys_round_trip() {
        let key = encode("/mscorlib", "M:System.IO.File.ReadAllText(System.String)");
        let decoded = decode("symbolKey", &key).unwrap();
        assert_eq!(decoded.project, "/mscorlib");
        let ide_key = ide::SymbolKey::library("mscorlib", &decoded.documentation_id);
        assert_eq!(ide_key.project, decoded.project);
        assert_eq!(ide_key.assembly(), Some("mscorlib"));
    }

    #[test]
    fn rejects_what_is_not_a_key() {
        let check = |key: &str| {
            let e = decode("symbolKey", key).unwrap_err();
            format!("{}: {}", e.code.as_str(), e.message)
        };
        expect!["invalid_symbol_key: `symbolKey` is not a csnav symbol key: it does not start with 'csn1.'"]
            .assert_eq(&check("Bookstore.Core.Catalog"));
        expect![
            "invalid_symbol_key: `symbolKey` is not a csnav symbol key: the body is not base64url"
        ]
        .assert_eq(&check("csn1.!!!"));
        expect!["invalid_symbol_key: `symbolKey` is not a csnav symbol key: the body has no project separator"]
            .assert_eq(&check(&format!("csn1.{}", base64url::encode(b"T:Foo"))));
        expect!["invalid_symbol_key: `symbolKey` is not a csnav symbol key: the body is not a project and a documentation id"]
            .assert_eq(&check(&format!("csn1.{}", base64url::encode(b"P\0Foo"))));
        expect![
            "invalid_symbol_key: `symbolKey` is not a csnav symbol key: the body is not base64url"
        ]
        .assert_eq(&check("csn1.A"));
    }
}
