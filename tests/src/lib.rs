//! integration tests live in tests/
