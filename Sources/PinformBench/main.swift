print("pinform-bench")
