"""Read and check the kit's YAML files: scenarios, card files and what they expect."""
