//! Hand-written accessors where the generated ones are awkward.
