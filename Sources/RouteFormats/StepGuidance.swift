import Guidance
import RoadNetwork

/// The voice and banner instructions of one leg's steps, built when a response asks for them.
struct StepGuidance {
    /// What one step carries: nil where the response does not ask for it.
    struct Step {
        var voice: [SpokenInstruction]?
        var banners: [BannerInstruction]?
    }

    private let voice: [[SpokenInstruction]]?
    private let banners: [[BannerInstruction]]?

    init(steps: [RouteStep], arrivalIndex: Int?, options: OSRMRouteResponse.Options, drivingSide: DrivingSide) {
        voice = options.voiceInstructions
            ? VoiceInstructionPlanner(language: options.language, units: options.voiceUnits)
                .instructions(for: steps, arrivalIndex: arrivalIndex)
            : nil
        banners = options.bannerInstructions
            ? BannerInstructionBuilder(language: options.language, drivingSide: drivingSide)
                .instructions(for: steps, arrivalIndex: arrivalIndex)
            : nil
    }

    /// The instructions of step `k`.
    func at(_ k: Int) -> Step { Step(voice: voice?[k], banners: banners?[k]) }
}
