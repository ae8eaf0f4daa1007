"""What users call: ``AgentClient``, locators, ``expect`` and screenshots."""
