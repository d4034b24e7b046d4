#if canImport(Glibc)
    import Glibc
#endif

/// SIGPIPE for the live screens and stream lines: caught by a handler that does nothing, so a closed output (`watch | head
/// -5`, a reader that quit) or a stray `kill -PIPE` never kills watch with the terminal still in
/// the alternate screen. The write then fails with EPIPE and the loop stops cleanly.
///
/// A handler rather than SIG_IGN: an ignored signal stays ignored across exec, so every
/// `--on-alert` command would start with SIGPIPE ignored (and `yes | head` in it would never
/// end); a caught one is reset to the default in the child.
package enum BrokenPipe {
    package static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = watchIgnorePipe
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        _ = sigaction(SIGPIPE, &action, nil)
    }
}

/// Does nothing: the failed write reports the broken pipe.
private func watchIgnorePipe(_: Int32) {}
