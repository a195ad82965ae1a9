//! How the server's allocator (mimalloc, `main.rs`) gives memory back.

/// mimalloc.h's `mi_option_purge_delay` (libmimalloc-sys names only some of the options): how long
/// freed pages stay committed for reuse before they go back to the system, in milliseconds.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// From the first answer on, the pages the server frees go back to the system at once: background
/// priming frees each chunk's memos, and with mimalloc's default delay (a second, ten for whole
/// arenas) the peak memory was a tenth higher (1,097 against 1,015 MB at 1.11M lines). Before the
/// first answer the default stays: each parse frees what the next takes, and giving it back at once
/// made the first pass a tenth slower (page faults and TLB shootdowns).
#[allow(unsafe_code)]
pub(crate) fn return_freed_pages_at_once() {
    // SAFETY: sets an option, which mimalloc reads at each purge; no memory changes hands.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
}

#[cfg(test)]
mod tests {
    /// The option's number is mimalloc's enum order: its default (a second) says it is still the one.
    #[test]
    #[allow(unsafe_code)]
    fn the_purge_delay_option_is_the_one_set() {
        // SAFETY: reads an option.
        let delay = unsafe { libmimalloc_sys::mi_option_get(super::MI_OPTION_PURGE_DELAY) };
        assert_eq!(delay, 1000);
    }
}
