import Foundation
import PromiseMigrateKit

// The whole tool lives in PromiseMigrateKit, where the tests reach it; this is only the entry point.
exit(PromiseMigrateCommand.run(Array(CommandLine.arguments.dropFirst())))
