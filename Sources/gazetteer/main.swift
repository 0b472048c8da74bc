import Foundation
import GazetteerKit

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
