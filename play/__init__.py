"""What uses the solver to play: bots (``eights.play.bots``, what one is: ``eights.play.bot``), paired
deals (``eights.play.paired``), the strength of one bot against another (``eights.play.strength``),
matches (``eights.play.matches``, ``eights.play.versus`` against a person), rollouts
(``eights.play.rollout``) and fair hints (``eights.play.fair``)."""
