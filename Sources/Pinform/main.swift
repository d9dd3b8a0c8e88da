print("pinform")
