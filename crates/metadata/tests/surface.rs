//! `surface::encode`/`decode` round trips and rejects what it did not write.

use std::path::PathBuf;

fn fixtures() -> Vec<metadata::Assembly> {
    ["Types.dll", "Members.dll"]
        .iter()
        .map(|dll| {
            let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("test-data")
                .join(dll);
            metadata::read_file(&path).unwrap()
        })
        .collect()
}

#[test]
fn round_trips() {
    let assemblies = fixtures();
    let bytes = metadata::surface::encode(&assemblies);
    assert!(bytes.starts_with(b"CSNVMETA"));
    assert_eq!(metadata::surface::decode(&bytes).unwrap(), assemblies);
    assert_eq!(
        metadata::surface::decode(&metadata::surface::encode(&[])).unwrap(),
        []
    );
}

#[test]
fn rejects_foreign_or_damaged_bytes() {
    let bytes = metadata::surface::encode(&fixtures());
    let decode = metadata::surface::decode;
    assert!(decode(b"").is_err());
    assert!(decode(b"CSNVMETA").is_err());
    let mut other_version = bytes.clone();
    other_version[8] ^= 0xFF;
    assert!(decode(&other_version).is_err());
    for len in [12, 20, bytes.len() / 2, bytes.len() - 1] {
        assert!(
            decode(&bytes[..len]).is_err(),
            "a prefix of {len} bytes was accepted"
        );
    }
    let mut flipped = bytes.clone();
    let mid = bytes.len() / 2;
    flipped[mid] ^= 0x55;
    assert!(decode(&flipped).is_err());
}

#[test]
fn a_decoded_surface_encodes_to_the_same_bytes() {
    // Members decode lazily: a model read back writes what it was read from, untouched or not.
    let bytes = metadata::surface::encode(&fixtures());
    let decoded = metadata::surface::decode(&bytes).unwrap();
    assert_eq!(metadata::surface::encode(&decoded), bytes);
    let _ = decoded[1]
        .types
        .iter()
        .map(|t| t.methods().len())
        .sum::<usize>();
    assert_eq!(metadata::surface::encode(&decoded), bytes);
}
