import Foundation

/// Whether this process was built with ThreadSanitizer: its runtime exports `__tsan_init`.
public let isThreadSanitizerOn: Bool = {
    #if os(Linux)
        let everything = dlopen(nil, RTLD_NOW)
    #else
        let everything = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Apple platforms
    #endif
    return dlsym(everything, "__tsan_init") != nil
}()
