//! project-model
