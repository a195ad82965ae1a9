//! Hostile and damaged inputs: every one must give an `Err` or a model, never a panic.

use std::path::PathBuf;

fn fixture() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test-data/Members.dll");
    std::fs::read(path).unwrap()
}

#[test]
fn garbage_is_an_error() {
    for bytes in [&b""[..], b"MZ", b"not a dll at all", &[0xFF; 4096]] {
        assert!(metadata::read_assembly(bytes).is_err());
    }
    let mut mz = vec![0u8; 512];
    mz[..2].copy_from_slice(b"MZ");
    assert!(matches!(
        metadata::read_assembly(&mz),
        Err(metadata::Error::NotPe(_))
    ));
}

#[test]
fn truncation_is_an_error_until_the_metadata_is_whole() {
    let bytes = fixture();
    let full = metadata::read_assembly(&bytes).unwrap();
    // Past the metadata only relocations follow, which the reader never looks at: a prefix is
    // rejected exactly while it cuts headers or metadata.
    let results: Vec<_> = (0..bytes.len())
        .map(|len| metadata::read_assembly(&bytes[..len]))
        .collect();
    let first_ok = results.iter().position(Result::is_ok).unwrap();
    let metadata_root = bytes.windows(4).position(|w| w == b"BSJB").unwrap();
    assert!(
        first_ok > metadata_root,
        "a prefix of {first_ok} bytes was accepted"
    );
    assert!(results[..first_ok].iter().all(Result::is_err));
    assert!(
        results[first_ok..]
            .iter()
            .all(|r| r.as_ref().is_ok_and(|asm| *asm == full))
    );
}

/// Flips bytes all over the file with a fixed pseudo-random sequence; what matters is that none
/// panics (or overflows the stack, or allocates without bound), neither when the assembly is read
/// nor when a type's members are lowered (on first read: a damaged member table or signature shows
/// as `Members::error`).
#[test]
fn corrupted_bytes_never_panic() {
    let original = fixture();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut errors = 0;
    for _ in 0..3000 {
        let mut bytes = original.clone();
        for _ in 0..1 + next() % 8 {
            let at = (next() % bytes.len() as u64) as usize;
            bytes[at] = next() as u8;
        }
        let detected = match metadata::read_assembly(&bytes) {
            Err(_) => true,
            // Every type's members lowered (no short cut at the first error): none may panic.
            Ok(asm) => {
                (asm.types.iter())
                    .filter(|t| t.members.error().is_some())
                    .count()
                    > 0
            }
        };
        errors += usize::from(detected);
    }
    // Many flips land in IL, padding or unread columns and change nothing; many must not.
    assert!(
        errors > 100,
        "only {errors} of 3000 corruptions were detected"
    );
}
