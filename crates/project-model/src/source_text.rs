//! How the bytes of a `.cs` file become the text the compiler sees, by Roslyn's rules
//! (`EncodedStringText.Create`): a byte-order mark names the encoding (UTF-8, UTF-16 LE or BE);
//! without one the file is UTF-8 if it decodes as UTF-8, and otherwise the legacy code page —
//! Windows-1252 on the machines C# code is written on. Older repositories do hold Latin-1 files
//! (an author's name in a comment), and UTF-16 files from Visual Studio; reading either as lossy
//! UTF-8 would garble the second and shift the columns of the first.

use std::borrow::Cow;

/// The text of a source file, without its byte-order mark.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if let Some((encoding, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        return encoding.decode_without_bom_handling(&bytes[bom_len..]).0;
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode(b"\xEF\xBB\xBFclass A {}"), "class A {}");
        assert_eq!(decode("class Ä {}".as_bytes()), "class Ä {}");
    }

    #[test]
    fn utf16_by_bom() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("class A {}".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("class A {}".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode(&le), "class A {}");
        assert_eq!(decode(&be), "class A {}");
    }

    #[test]
    fn invalid_utf8_is_windows_1252() {
        // "© Müller" in Windows-1252, and 0x80 (the euro sign there).
        assert_eq!(
            decode(b"// \xA9 M\xFCller \x80\nclass A {}"),
            "// © Müller €\nclass A {}"
        );
    }
}
