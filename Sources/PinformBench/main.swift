import CAllocCounter
print("pinform-bench", pinform_allocation_count())
