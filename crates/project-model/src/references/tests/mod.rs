//! Tests of reference resolution: whole workspaces in memory (`workspaces`), the rules it is
//! built on (`rules`), and Mono's real reference assemblies on this machine (`disk`).

mod disk;
mod rules;
mod workspaces;
