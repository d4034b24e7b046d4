// The floor for a one-shot Swift command: a hello world that loads Foundation.
import Foundation

print("hello, \(ProcessInfo.processInfo.processIdentifier > 0 ? "world" : "?")")
