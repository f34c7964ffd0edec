"""Engine tests: scenarios, properties, the OpenSpiel referee."""
