//! hir
