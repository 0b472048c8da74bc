import GazetteerKit
print("gazetteer")
